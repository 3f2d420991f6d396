# fig-rounds-cube (paper 004): Broadcast rounds against M on Q_6
# Written by `treecast reproduce`: restyle it freely, then run `gnuplot fig-rounds-cube.gp` in this
# directory to draw fig-rounds-cube.svg again from fig-rounds-cube.csv (`gnuplot -e png=1 fig-rounds-cube.gp`: fig-rounds-cube.png too).
data = 'fig-rounds-cube.csv'
set datafile separator ','
set terminal svg size 860,520 dynamic enhanced font 'Helvetica,13' background rgb 'white'
set output 'fig-rounds-cube.svg'
set grid lc rgb '#dddddd'
set border 3
set tics nomirror
set title 'Broadcasting M packets on Q_6'
set xlabel 'M (packets)'
set ylabel 'rounds'
set key top left
plot data using 1:4 with lines lw 2 title 'n ISTs, every packet down all n (ist-bcast)', \
     '' using 1:2 with lines lw 2 title 'binomial tree', \
     '' using 1:3 with lines lw 4 title 'n nEDSTs (Johnsson-Ho)', \
     '' using 1:5 with lines lw 2 dt 3 title 'n ISTs, packets split (--x 1)', \
     '' using 1:6 with lines lw 2 dt 2 lc rgb 'black' title 'lower bound ceil(M/n) + n - 1'

if (exists('png')) {
    set terminal pngcairo size 860,520 enhanced font 'Helvetica,10' background rgb 'white'
    set output 'fig-rounds-cube.png'
    replot
}
unset output

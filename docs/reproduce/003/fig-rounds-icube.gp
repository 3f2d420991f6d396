# fig-rounds-icube (paper 003): Broadcast rounds against M on I_2^5
# Written by `treecast reproduce`: restyle it freely, then run `gnuplot fig-rounds-icube.gp` in this
# directory to draw fig-rounds-icube.svg again from fig-rounds-icube.csv (`gnuplot -e png=1 fig-rounds-icube.gp`: fig-rounds-icube.png too).
data = 'fig-rounds-icube.csv'
set datafile separator ','
set terminal svg size 860,520 dynamic enhanced font 'Helvetica,13' background rgb 'white'
set output 'fig-rounds-icube.svg'
set grid lc rgb '#dddddd'
set border 3
set tics nomirror
set title 'Broadcasting M packets on I_2^5'
set xlabel 'M (packets)'
set ylabel 'rounds'
set key top left
plot data using 1:2 with lines lw 2 title 'binomial tree', \
     '' using 1:5 with lines lw 2 title 'Hamiltonian paths (Theorem 4)', \
     '' using 1:4 with lines lw 2 title 'k+1 EDSTs, root in S_b', \
     '' using 1:3 with lines lw 2 title 'k+1 EDSTs, root 0 (S_0)', \
     '' using 1:6 with lines lw 2 dt 2 lc rgb 'black' title 'Theorem 3: ceil(M/(k+1)) + n'

if (exists('png')) {
    set terminal pngcairo size 860,520 enhanced font 'Helvetica,10' background rgb 'white'
    set output 'fig-rounds-icube.png'
    replot
}
unset output

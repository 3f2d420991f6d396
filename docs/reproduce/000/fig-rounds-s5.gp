# fig-rounds-s5 (paper 000): Rounds of the star broadcasts against M on S_5
# Written by `treecast reproduce`: restyle it freely, then run `gnuplot fig-rounds-s5.gp` in this
# directory to draw fig-rounds-s5.svg again from fig-rounds-s5.csv (`gnuplot -e png=1 fig-rounds-s5.gp`: fig-rounds-s5.png too).
data = 'fig-rounds-s5.csv'
set datafile separator ','
set terminal svg size 860,520 dynamic enhanced font 'Helvetica,13' background rgb 'white'
set output 'fig-rounds-s5.svg'
set grid lc rgb '#dddddd'
set border 3
set tics nomirror
set datafile separator ','
set title 'S_5: rounds against M (all-port, full duplex)'
set xlabel 'M (messages)'
set ylabel 'rounds'
set key left top
set grid
plot data using 1:5 with lines dt 2 lw 3 lc rgb '#d62728' title 'bound ceil(M/(n-1)) + D - 1', \
     data using 1:6 with lines dt 3 lw 3 lc rgb '#7f7f7f' title 'bound M + D - 1', \
     data using 1:2 with points pt 7 ps 0.6 lc rgb '#9467bd' title 'bcast-bfs (one BFS tree)', \
     data using 1:3 with linespoints pt 5 ps 0.6 lc rgb '#2ca02c' title 'bcast (EDT, x = 1)', \
     data using 1:4 with linespoints pt 9 ps 0.6 lc rgb '#1f77b4' title 'ft-bcast (EDT, x = 4)'

if (exists('png')) {
    set terminal pngcairo size 860,520 enhanced font 'Helvetica,10' background rgb 'white'
    set output 'fig-rounds-s5.png'
    replot
}
unset output

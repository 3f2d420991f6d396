# fig-depth-sn (paper 000): Depth of the edt against the generic packing on star:n
# Written by `treecast reproduce`: restyle it freely, then run `gnuplot fig-depth-sn.gp` in this
# directory to draw fig-depth-sn.svg again from fig-depth-sn.csv (`gnuplot -e png=1 fig-depth-sn.gp`: fig-depth-sn.png too).
data = 'fig-depth-sn.csv'
set datafile separator ','
set terminal svg size 860,520 dynamic enhanced font 'Helvetica,13' background rgb 'white'
set output 'fig-depth-sn.svg'
set grid lc rgb '#dddddd'
set border 3
set tics nomirror
set datafile separator ','
set datafile missing ''
set title 'Deepest tree against n on star:n (root 0)'
set xlabel 'n'
set ylabel 'depth (links)'
set key top left
set grid
set xtics 1
plot data using 1:2 with linespoints pt 5 lw 2 lc rgb '#2ca02c' title 'edt (the paper)', \
     data using 1:3 with linespoints pt 7 lw 2 lc rgb '#1f77b4' title 'packing (edst)', \
     data using 1:5 with points pt 9 ps 1.5 lc rgb '#9467bd' title 'least height (SAT)', \
     data using 1:4 with lines dt 2 lw 2 lc rgb '#7f7f7f' title 'eccentricity'

if (exists('png')) {
    set terminal pngcairo size 860,520 enhanced font 'Helvetica,10' background rgb 'white'
    set output 'fig-depth-sn.png'
    replot
}
unset output

# fig-height-i2-4 (paper 003): Height of the 3 EDSTs of I_2^4 by root class
# Written by `treecast reproduce`: restyle it freely, then run `gnuplot fig-height-i2-4.gp` in this
# directory to draw fig-height-i2-4.svg again from fig-height-i2-4.csv (`gnuplot -e png=1 fig-height-i2-4.gp`: fig-height-i2-4.png too).
data = 'fig-height-i2-4.csv'
set datafile separator ','
set terminal svg size 860,520 dynamic enhanced font 'Helvetica,13' background rgb 'white'
set output 'fig-height-i2-4.svg'
set grid lc rgb '#dddddd'
set border 3
set tics nomirror
set title 'k+1 = 3 edge-disjoint spanning trees of I_2^4: height by root class'
set xlabel 'respective subcube of the root'
set ylabel 'height (links)'
set yrange [3:7]
set ytics 1
set offsets 0.5, 0.5, 0, 0
set key top left
plot data using ($1-0.08):3:xtic(2) with linespoints lw 2 pt 7 title 'construction (edst)', \
     '' using 1:4 with linespoints lw 2 pt 5 title 'least, proved (SAT search)', \
     '' using ($1+0.08):5 with linespoints lw 2 dt 2 pt 9 title 'Lemma 3'

if (exists('png')) {
    set terminal pngcairo size 860,520 enhanced font 'Helvetica,10' background rgb 'white'
    set output 'fig-height-i2-4.png'
    replot
}
unset output

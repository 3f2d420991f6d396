# fig-steps (paper 004): Response time of the parallel IST constructions (Figure 5.3)
# Written by `treecast reproduce`: restyle it freely, then run `gnuplot fig-steps.gp` in this
# directory to draw fig-steps.svg again from fig-steps.csv (`gnuplot -e png=1 fig-steps.gp`: fig-steps.png too).
data = 'fig-steps.csv'
set datafile separator ','
set terminal svg size 860,520 dynamic enhanced font 'Helvetica,13' background rgb 'white'
set output 'fig-steps.svg'
set grid lc rgb '#dddddd'
set border 3
set tics nomirror
set title 'Response time of the parallel construction of n ISTs on Q_n'
set xlabel 'N = 2^n nodes'
set ylabel 'computation steps'
set xrange [3.5:8.5]
set yrange [0:*]
set key top left
plot data using 1:4:xtic(2) with linespoints lw 2 pt 7 lc rgb '#d62728' title 'HDLS (Algorithm 4), max', \
     '' using 1:5 with linespoints lw 1.5 dt 2 pt 6 lc rgb '#d62728' title 'HDLS, mean', \
     '' using 1:3 with points pt 5 ps 1.3 lc rgb '#ff9896' title 'paper: HDLS-ISTs', \
     '' using 1:7 with linespoints lw 2 pt 7 lc rgb '#1f77b4' title 'Algorithm 5, max (= 3n)', \
     '' using 1:8 with linespoints lw 1.5 dt 2 pt 6 lc rgb '#1f77b4' title 'Algorithm 5, mean', \
     '' using 1:6 with points pt 5 ps 1.3 lc rgb '#aec7e8' title 'paper: Our ISTs (4n - 1)'

if (exists('png')) {
    set terminal pngcairo size 860,520 enhanced font 'Helvetica,10' background rgb 'white'
    set output 'fig-steps.png'
    replot
}
unset output

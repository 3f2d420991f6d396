# fig-balance-factor (paper 002): The SBnT's balance factor against n, n = 2..32
# Written by `treecast reproduce`: restyle it freely, then run `gnuplot fig-balance-factor.gp` in this
# directory to draw fig-balance-factor.svg again from fig-balance-factor.csv (`gnuplot -e png=1 fig-balance-factor.gp`: fig-balance-factor.png too).
data = 'fig-balance-factor.csv'
set datafile separator ','
set terminal svg size 860,520 dynamic enhanced font 'Helvetica,13' background rgb 'white'
set output 'fig-balance-factor.svg'
set grid lc rgb '#dddddd'
set border 3
set tics nomirror
set key autotitle columnhead top right
set title 'Balance of SBnT^{minR}: largest and smallest subtree over (N-1)/n'
set xlabel 'n (Q_n)'
set ylabel 'subtree size / ((N-1)/n)'
set xrange [1.5:32.5]
set xtics 2
plot data using 1:2 with linespoints pt 7 ps 0.6 lw 2, \
     data using 1:3 with linespoints pt 5 ps 0.5 lw 2, \
     data using 1:4 with points pt 6 ps 1.6 lc rgb 'black'

if (exists('png')) {
    set terminal pngcairo size 860,520 enhanced font 'Helvetica,10' background rgb 'white'
    set output 'fig-balance-factor.png'
    replot
}
unset output

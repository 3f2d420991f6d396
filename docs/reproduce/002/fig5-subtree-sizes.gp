# fig5-subtree-sizes (paper 002): Figure 5: subtree sizes of the SBT and the SBnT
# Written by `treecast reproduce`: restyle it freely, then run `gnuplot fig5-subtree-sizes.gp` in this
# directory to draw fig5-subtree-sizes.svg again from fig5-subtree-sizes.csv (`gnuplot -e png=1 fig5-subtree-sizes.gp`: fig5-subtree-sizes.png too).
data = 'fig5-subtree-sizes.csv'
set datafile separator ','
set terminal svg size 860,520 dynamic enhanced font 'Helvetica,13' background rgb 'white'
set output 'fig5-subtree-sizes.svg'
set grid lc rgb '#dddddd'
set border 3
set tics nomirror
set key autotitle columnhead top left
set title 'Figure 5: subtree sizes of the spanning binomial tree and the SBnT'
set xlabel 'n (Q_n)'
set ylabel 'nodes in the subtree'
set logscale y
set format y '10^{%L}'
set xtics 2
plot for [i=2:4] data using 1:i with lines lw 2 lc i-1, \
     for [i=5:7] data using 1:i with points pt 6 ps 1.2 lc i-4

if (exists('png')) {
    set terminal pngcairo size 860,520 enhanced font 'Helvetica,10' background rgb 'white'
    set output 'fig5-subtree-sizes.png'
    replot
}
unset output

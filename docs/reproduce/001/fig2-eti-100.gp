# fig2-eti-100 (paper 001): Fig. 2: ETI of Personalized_Broadcast(k) at t_s/t_m = 100
# Written by `treecast reproduce`: restyle it freely, then run `gnuplot fig2-eti-100.gp` in this
# directory to draw fig2-eti-100.svg again from fig2-eti-100.csv (`gnuplot -e png=1 fig2-eti-100.gp`: fig2-eti-100.png too).
data = 'fig2-eti-100.csv'
set datafile separator ','
set terminal svg size 860,520 dynamic enhanced font 'Helvetica,13' background rgb 'white'
set output 'fig2-eti-100.svg'
set grid lc rgb '#dddddd'
set border 3
set tics nomirror
set key autotitle columnhead outside right top
set title "Fig. 2: ETI of Personalized\\_Broadcast(k), t_s/t_m = 100"
set xlabel 'n (S_n)'
set ylabel 'ETI = (T(n,1) - T(n,k)) / T(n,1)'
set xrange [2.5:12.5]
set xtics 1
plot for [i=2:12] data using 1:i with linespoints pt 7 ps 0.5 dt 1+(i>9) title columnhead(i), \
     data using 1:13:(sprintf('k=%d', column(14))) with labels point pt 6 ps 1.5 offset 0,0.9 title 'best k'

if (exists('png')) {
    set terminal pngcairo size 860,520 enhanced font 'Helvetica,10' background rgb 'white'
    set output 'fig2-eti-100.png'
    replot
}
unset output

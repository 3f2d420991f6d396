# fig6-eti-mesh (paper 001): Fig. 6: ETI' of Nonpersonalized_Broadcast
# Written by `treecast reproduce`: restyle it freely, then run `gnuplot fig6-eti-mesh.gp` in this
# directory to draw fig6-eti-mesh.svg again from fig6-eti-mesh.csv (`gnuplot -e png=1 fig6-eti-mesh.gp`: fig6-eti-mesh.png too).
data = 'fig6-eti-mesh.csv'
set datafile separator ','
set terminal svg size 860,520 dynamic enhanced font 'Helvetica,13' background rgb 'white'
set output 'fig6-eti-mesh.svg'
set grid lc rgb '#dddddd'
set border 3
set tics nomirror
set key autotitle columnhead bottom right
set title "Fig. 6: ETI' of Nonpersonalized\\_Broadcast"
set xlabel 'n (S_n)'
set ylabel "ETI' = (T' - T) / T'"
set xtics 1
set yrange [-0.7:1]
plot for [i=2:4] data using 1:i with linespoints pt 7 lw 2 title columnhead(i), \
     for [i=5:7] data using 1:i with lines dt 2 lc i-4 title columnhead(i)

if (exists('png')) {
    set terminal pngcairo size 860,520 enhanced font 'Helvetica,10' background rgb 'white'
    set output 'fig6-eti-mesh.png'
    replot
}
unset output

# fig-faults (paper 004): Faulty links survived per N (Table 5.7)
# Written by `treecast reproduce`: restyle it freely, then run `gnuplot fig-faults.gp` in this
# directory to draw fig-faults.svg again from fig-faults.csv (`gnuplot -e png=1 fig-faults.gp`: fig-faults.png too).
data = 'fig-faults.csv'
set datafile separator ','
set terminal svg size 860,520 dynamic enhanced font 'Helvetica,13' background rgb 'white'
set output 'fig-faults.svg'
set grid lc rgb '#dddddd'
set border 3
set tics nomirror
set title 'Random tree-link faults survived by the broadcast on Q_n'
set xlabel 'N = 2^n nodes'
set ylabel 'faulty links survived'
set logscale y
set xrange [3.5:6.5]
set boxwidth 0.2
set style fill solid 0.25 border
set key top left
plot data using ($1-0.22):4:3:7:6:xtic(2) with candlesticks whiskerbars lw 1.5 lc rgb '#1f77b4' title 'n ISTs', \
     '' using ($1-0.22):5:5:5:5 with candlesticks lw 2.5 lc rgb '#1f77b4' notitle, \
     '' using 1:9:8:12:11 with candlesticks whiskerbars lw 1.5 lc rgb '#2ca02c' title 'n nEDSTs (Johnsson-Ho)', \
     '' using 1:10:10:10:10 with candlesticks lw 2.5 lc rgb '#2ca02c' notitle, \
     '' using ($1-0.22):18 with points pt 7 ps 1.3 lc rgb '#d62728' title 'paper (Table 5.7)'

if (exists('png')) {
    set terminal pngcairo size 860,520 enhanced font 'Helvetica,10' background rgb 'white'
    set output 'fig-faults.png'
    replot
}
unset output

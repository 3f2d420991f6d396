/* treecast reproduce: the script of every page of the web report (index.html, PAPER.html).
 * Embedded at the end of each page by repro_html.c (embed.cmake turns this file into bytes at
 * build time); no libraries, no network; it must not hold a closing script tag. A small script
 * at the top of <body> (in repro_html.c) has already installed window.onerror and an
 * unhandledrejection handler that count script errors into <body data-script-errors>.
 *
 * What it does:
 *   - every table with class "sortable" sorts by a column when its header is clicked
 *     (ascending, descending, then the page's order again): numbers numerically (decimal,
 *     exponent, inf), before text, which compares by localeCompare with numeric collation;
 *     stable (equal cells keep their order); the sorted header carries aria-sort;
 *   - the verdict filter (every cell / only differs / only corrected) hides the other rows of
 *     the tables with class "cells";
 *   - <body> gets data-tables (tables with class "cells") and data-figures (figure elements
 *     holding an inline svg), counted from the page; each such figure gets data-series: its
 *     plotted series, counted from the drawing (gnuplot: elements whose id ends in
 *     gnuplot_plot_N — repro_html.c prefixes the ids of each figure with the figure's own id
 *     and "--"; Graphviz: distinct stroke colours of the edges, one per tree);
 *   - with the address ending in #selftest it clicks each header of every sortable table three
 *     times (ascending, descending, the page's order), checks the rows in the page after each
 *     click, checks the filter, and sets
 *     data-selftest="ok" or "fail:<why>" on <body> (tests/browser/report_test.sh reads it);
 *     then it measures the layout in the window it has: each table's box (class "scroll")
 *     gets data-fits="yes" when the whole table shows in it, "scrolls" when it does not but
 *     the box scrolls sideways, "no" otherwise, and data-inside="no" when the box reaches past
 *     the window's edges; <body> gets data-layout="tables=T fit=F scroll=S outside=O page=ok"
 *     (page=wide when the page itself is wider than the window), and data-view, the window's
 *     width in CSS pixels. */
(function () {
    'use strict';

    var body = document.body;

    /* ---- sorting ------------------------------------------------------------------------- */

    var NUMBER = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

    /* The number a cell's text spells, or null when it is text. */
    function asNumber(text) {
        if (NUMBER.test(text)) {
            return parseFloat(text);
        }
        if (text === 'inf' || text === '+inf') {
            return Infinity;
        }
        if (text === '-inf') {
            return -Infinity;
        }
        return null;
    }

    function sign(x) {
        return x < 0 ? -1 : x > 0 ? 1 : 0;
    }

    var collator = new Intl.Collator(undefined, {numeric: true});

    /* Sort keys {num, text}: numbers first, by value; then text, collated. */
    function compareKeys(a, b) {
        if (a.num !== null && b.num !== null) {
            return a.num < b.num ? -1 : a.num > b.num ? 1 : 0;
        }
        if (a.num !== null) {
            return -1;
        }
        if (b.num !== null) {
            return 1;
        }
        return sign(collator.compare(a.text, b.text));
    }

    /* A cell's text as it sorts: data-sort when the page gives it (a cell whose notation the
     * page shows as sub- and superscripts keeps its plain text there: 2^k, not "2k"). */
    function cellText(row, col) {
        var cell = row.cells[col];
        if (!cell) {
            return '';
        }
        var plain = cell.getAttribute('data-sort');
        return plain !== null ? plain : cell.textContent.trim();
    }

    function headers(table) {
        var head = table.tHead;
        return head && head.rows.length ? head.rows[head.rows.length - 1].cells : [];
    }

    function headerName(table, col) {
        var th = headers(table)[col];
        return th ? th.textContent.trim() : String(col);
    }

    /* Sort the body of table by column col: dir is "ascending", "descending" or "none" (the
     * page's order, kept in data-order). */
    function sortTable(table, col, dir) {
        var tbody = table.tBodies[0];
        if (!tbody) {
            return;
        }
        var keyed = Array.prototype.map.call(tbody.rows, function (row, i) {
            var text = dir === 'none' ? '' : cellText(row, col);
            return {
                row: row,
                at: i,
                order: Number(row.getAttribute('data-order')),
                num: dir === 'none' ? null : asNumber(text),
                text: text,
            };
        });
        keyed.sort(function (a, b) {
            if (dir === 'none') {
                return a.order - b.order;
            }
            var c = compareKeys(a, b);
            return (dir === 'descending' ? -c : c) || a.at - b.at;
        });
        var frag = document.createDocumentFragment();
        keyed.forEach(function (k) {
            frag.appendChild(k.row);
        });
        tbody.appendChild(frag);
        Array.prototype.forEach.call(headers(table), function (th, i) {
            if (i === col && dir !== 'none') {
                th.setAttribute('aria-sort', dir);
            } else {
                th.removeAttribute('aria-sort');
            }
        });
    }

    var NEXT = {none: 'ascending', ascending: 'descending', descending: 'none'};

    function makeSortable(table) {
        var tbody = table.tBodies[0];
        if (tbody) {
            Array.prototype.forEach.call(tbody.rows, function (row, i) {
                row.setAttribute('data-order', String(i));
            });
        }
        Array.prototype.forEach.call(headers(table), function (th, col) {
            var button = document.createElement('button');
            button.type = 'button';
            button.title = 'Sort by this column';
            while (th.firstChild) {
                button.appendChild(th.firstChild);
            }
            th.appendChild(button);
            button.addEventListener('click', function () {
                sortTable(table, col, NEXT[th.getAttribute('aria-sort') || 'none']);
            });
        });
    }

    /* ---- the verdict filter ---------------------------------------------------------------- */

    function cellTables() {
        return Array.prototype.slice.call(document.querySelectorAll('table.cells'));
    }

    /* Show the rows whose data-verdict is value ("all": every row). */
    function applyFilter(value) {
        cellTables().forEach(function (table) {
            var shown = 0;
            var rows = table.tBodies[0] ? table.tBodies[0].rows : [];
            Array.prototype.forEach.call(rows, function (row) {
                row.hidden = value !== 'all' && row.getAttribute('data-verdict') !== value;
                shown += row.hidden ? 0 : 1;
            });
            var section = table.closest('section');
            var note = section && section.querySelector('.shown');
            if (note) {
                note.hidden = value === 'all';
                note.textContent = 'Showing ' + shown + ' of ' + rows.length + ' cells (' +
                    value + ').';
            }
        });
    }

    function setupFilter() {
        var form = document.querySelector('form.filter');
        if (!form) {
            return;
        }
        form.hidden = false;
        form.addEventListener('change', function (e) {
            if (e.target && e.target.name === 'verdict') {
                applyFilter(e.target.value);
            }
        });
        form.addEventListener('submit', function (e) {
            e.preventDefault();
        });
    }

    /* ---- counting what the page shows -------------------------------------------------------- */

    /* The series of a figure's drawing, counted from the drawing itself. */
    function seriesOf(figure, svg) {
        if (figure.getAttribute('data-kind') === 'gnuplot') {
            var plots = 0;
            Array.prototype.forEach.call(svg.querySelectorAll('[id]'), function (el) {
                plots += /(?:^|--)gnuplot_plot_\d+$/.test(el.id) ? 1 : 0;
            });
            return plots;
        }
        var colours = {};
        Array.prototype.forEach.call(svg.querySelectorAll('g.edge path'), function (path) {
            var c = (path.getAttribute('stroke') || '').toLowerCase();
            if (c && c !== 'none' && c !== 'transparent') {
                colours[c] = true;
            }
        });
        return Object.keys(colours).length;
    }

    function count() {
        body.setAttribute('data-tables', String(cellTables().length));
        var figures = 0;
        Array.prototype.forEach.call(document.querySelectorAll('figure'), function (figure) {
            var svg = figure.querySelector('svg');
            if (svg) {
                figures += 1;
                figure.setAttribute('data-series', String(seriesOf(figure, svg)));
            }
        });
        body.setAttribute('data-figures', String(figures));
    }

    /* ---- #selftest ------------------------------------------------------------------------- */

    /* A cell's number as the check reads it, independently of asNumber: Number() of a text
     * made of digits, signs, '.' and exponents, or inf; null for text. */
    function readNumber(text) {
        if (text === 'inf' || text === '+inf' || text === '-inf') {
            return text === '-inf' ? -Infinity : Infinity;
        }
        if (!/^[-+0-9.eE]+$/.test(text)) {
            return null;
        }
        var n = Number(text);
        return isNaN(n) ? null : n;
    }

    /* After a sort by column col: the rows in the page are in order, by an independent reading
     * (numbers by value, before text, which compares by localeCompare), and equal cells kept the
     * order they had before (before: row -> position). null, or why not. */
    function checkOrder(table, col, dir, before) {
        var rows = table.tBodies[0] ? table.tBodies[0].rows : [];
        var what = (table.id || 'table') + ' by ' + headerName(table, col) + ' ' + dir;
        if (rows.length !== before.size) {
            return what + ': ' + rows.length + ' rows, not ' + before.size;
        }
        if (headers(table)[col].getAttribute('aria-sort') !== dir) {
            return what + ': aria-sort is ' + headers(table)[col].getAttribute('aria-sort');
        }
        for (var r = 1; r < rows.length; r++) {
            var a = cellText(rows[r - 1], col);
            var b = cellText(rows[r], col);
            var na = readNumber(a);
            var nb = readNumber(b);
            var c;
            if (na !== null && nb !== null) {
                c = na < nb ? -1 : na > nb ? 1 : 0;
            } else if (na !== null || nb !== null) {
                c = na !== null ? -1 : 1;
            } else {
                c = sign(a.localeCompare(b, undefined, {numeric: true}));
            }
            if (dir === 'descending') {
                c = -c;
            }
            if (c > 0) {
                return what + ': row ' + r + ' "' + a + '" before "' + b + '"';
            }
            if (c === 0 && before.get(rows[r - 1]) > before.get(rows[r])) {
                return what + ': not stable at row ' + r;
            }
        }
        return null;
    }

    function positions(table) {
        var at = new Map();
        var rows = table.tBodies[0] ? table.tBodies[0].rows : [];
        Array.prototype.forEach.call(rows, function (row, i) {
            at.set(row, i);
        });
        return at;
    }

    function pageOrder(table) {
        var rows = table.tBodies[0] ? table.tBodies[0].rows : [];
        for (var r = 0; r < rows.length; r++) {
            if (Number(rows[r].getAttribute('data-order')) !== r) {
                return (table.id || 'table') + ': the page order is not restored at row ' + r;
            }
        }
        return null;
    }

    /* Click each column's header three times, as a reader would: ascending, descending, the
     * page's order again; check the rows after each click. */
    function selftestSort(table) {
        var ths = headers(table);
        for (var col = 0; col < ths.length; col++) {
            var button = ths[col].querySelector('button');
            if (!button) {
                return (table.id || 'table') + ': no button in header ' + col;
            }
            var dirs = ['ascending', 'descending'];
            for (var d = 0; d < dirs.length; d++) {
                var before = positions(table);
                button.click();
                var why = checkOrder(table, col, dirs[d], before);
                if (why) {
                    return why;
                }
            }
            button.click();
            if (ths[col].hasAttribute('aria-sort')) {
                return (table.id || 'table') + ': aria-sort left on ' + headerName(table, col);
            }
            why = pageOrder(table);
            if (why) {
                return why;
            }
        }
        return null;
    }

    function selftestFilter() {
        var values = ['differs', 'corrected', 'all'];
        for (var v = 0; v < values.length; v++) {
            applyFilter(values[v]);
            var tables = cellTables();
            for (var t = 0; t < tables.length; t++) {
                var rows = tables[t].tBodies[0] ? tables[t].tBodies[0].rows : [];
                for (var r = 0; r < rows.length; r++) {
                    var want = values[v] === 'all' ||
                        rows[r].getAttribute('data-verdict') === values[v];
                    if (rows[r].hidden === want) {
                        return 'filter ' + values[v] + ': row ' + r + ' of ' + tables[t].id;
                    }
                }
            }
        }
        return null;
    }

    /* How the tables sit in the window (see the top of this file). */
    function layout() {
        var root = document.documentElement;
        var view = root.clientWidth;
        var counts = {yes: 0, scrolls: 0, no: 0};
        var outside = 0;
        var boxes = document.querySelectorAll('.scroll');
        Array.prototype.forEach.call(boxes, function (box) {
            var fits = box.scrollWidth <= box.clientWidth + 1 ? 'yes'
                : /^(auto|scroll)$/.test(getComputedStyle(box).overflowX) ? 'scrolls' : 'no';
            var r = box.getBoundingClientRect();
            var inside = r.left >= -1 && r.right <= view + 1;
            box.setAttribute('data-fits', fits);
            box.setAttribute('data-inside', inside ? 'yes' : 'no');
            counts[fits] += 1;
            outside += inside ? 0 : 1;
        });
        body.setAttribute('data-view', String(view));
        body.setAttribute('data-layout', 'tables=' + boxes.length + ' fit=' + counts.yes +
            ' scroll=' + counts.scrolls + ' outside=' + outside + ' page=' +
            (root.scrollWidth > view + 1 ? 'wide' : 'ok'));
    }

    function selftest() {
        var why = null;
        try {
            var tables = document.querySelectorAll('table.sortable');
            for (var t = 0; t < tables.length && !why; t++) {
                why = selftestSort(tables[t]);
            }
            why = why || selftestFilter();
        } catch (e) {
            why = 'exception ' + (e && e.message ? e.message : String(e));
        }
        body.setAttribute('data-selftest', why ? 'fail:' + why : 'ok');
        layout();
    }

    /* ---- start --------------------------------------------------------------------------- */

    Array.prototype.forEach.call(document.querySelectorAll('table.sortable'), makeSortable);
    setupFilter();
    count();
    if (location.hash === '#selftest') {
        selftest();
    }
    window.addEventListener('hashchange', function () {
        if (location.hash === '#selftest') {
            selftest();
        }
    });
})();

/* The web report's text: HTML escaping, the producers' notation (X_k, X^{...}) as <sub> and
 * <sup>, every "corrections NNN.K" a link to the corrections page, light Markdown, and figures'
 * SVG inlined with their ids prefixed (html.h; html.c writes the pages with them). */
#include "repro/html.h"
#include "treecast/repro_report.h"

#include <stdlib.h>
#include <string.h>

/* ---- escaping ------------------------------------------------------------------------------ */

tc__html_t tc__html_on(FILE *fp)
{
    return (tc__html_t){.fp = fp, .corr_page = "corrections.html", .relative_links = true};
}

/* n bytes of text, escaped for an HTML text node or a quoted attribute value; control
 * characters other than tab and newline become spaces. */
void tc__html_esc_n(FILE *fp, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        switch (c) {
        case '&':
            fputs("&amp;", fp);
            break;
        case '<':
            fputs("&lt;", fp);
            break;
        case '>':
            fputs("&gt;", fp);
            break;
        case '"':
            fputs("&quot;", fp);
            break;
        case '\'':
            fputs("&#39;", fp);
            break;
        default:
            fputc((c < 0x20 && c != '\t' && c != '\n') || c == 0x7f ? ' ' : c, fp);
        }
    }
}

void tc__html_esc(FILE *fp, const char *s)
{
    if (s != NULL) {
        tc__html_esc_n(fp, s, strlen(s));
    }
}

static bool alnum(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool alpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* The argument of a sub- or superscript whose '_' or '^' (op) is just before s[i] (n bytes):
 * {...} or (...) (balanced; the brackets dropped), a run of digits, one letter, or, after '^',
 * a word and what it is applied to (2^succ(i)). false when there is none (a word after '_' is
 * an identifier: sim_run). [*a, *b) is the argument's text, *next the byte after it. */
static bool script_arg(const char *s, size_t n, size_t i, char op, size_t *a, size_t *b,
                       size_t *next)
{
    if (i >= n) {
        return false;
    }
    char c = s[i];
    if (c == '{' || c == '(') {
        char close = c == '{' ? '}' : ')';
        int depth = 0;
        for (size_t j = i; j < n; j++) {
            depth += s[j] == c;
            if (s[j] == close && --depth == 0) {
                *a = i + 1;
                *b = *next = j;
                *next += 1;
                return j > i + 1;
            }
        }
        return false;
    }
    size_t j = i;
    if (c >= '0' && c <= '9') {
        while (j < n && s[j] >= '0' && s[j] <= '9') {
            j++;
        }
    } else if (alpha(c)) {
        while (j < n && alpha(s[j])) {
            j++;
        }
        if (j - i > 1 && op == '_') {
            return false;
        }
        if (j - i > 1 && j < n && s[j] == '(') {
            size_t pa, pb, pn;
            if (script_arg(s, n, j, op, &pa, &pb, &pn)) {
                j = pn;
            }
        }
    } else {
        return false;
    }
    *a = i;
    *b = *next = j;
    return true;
}

static void text_n(tc__html_t *h, const char *s, size_t n, const char *lo);

/* The reference at s (n bytes), if it starts one: its length, after writing it linked. */
static size_t corr_links(tc__html_t *h, const char *s, size_t n)
{
    FILE *fp = h->fp;
    tc_repro_corr_ref_t refs[16];
    size_t used;
    int count = tc_repro_corr_refs(s, n, refs, 16, &used);
    size_t at = 0;
    for (int k = 0; k < count; k++) {
        tc__html_esc_n(fp, s + at, refs[k].at - at); /* what separates it from the one before */
        fputs("<a class=\"corr\" href=\"", fp);
        fputs(h->corr_page, fp);
        fputs("#c", fp);
        tc__html_esc_n(fp, s + refs[k].id, refs[k].idlen);
        fputs("\">", fp);
        tc__html_esc_n(fp, s + refs[k].at, refs[k].len);
        fputs("</a>", fp);
        at = refs[k].at + refs[k].len;
    }
    return count > 0 ? used : 0;
}

/* n bytes of text, escaped, with the notation of scripts as <sub>/<sup> and the references to
 * corrections linked (not inside a link). lo is where the string starts (s[-1] is looked at
 * when s > lo). */
static void text_n(tc__html_t *h, const char *s, size_t n, const char *lo)
{
    FILE *fp = h->fp;
    static const char docs[] = "docs/corrections.md";
    size_t from = 0;
    for (size_t i = 0; i < n;) {
        char before = s + i > lo ? s[i - 1] : '\0';
        bool word = !alnum(before) && before != '_' && before != '/';
        size_t a, b, next;
        if (word && h->in_link == 0 && s[i] == 'c') {
            tc__html_esc_n(fp, s + from,
                           i - from); /* corr_links writes nothing unless a reference */
            from = i;
            size_t used = corr_links(h, s + i, n - i);
            if (used > 0) {
                i += used;
                from = i;
                continue;
            }
        }
        if (word && h->in_link == 0 && h->corr_page[0] != '\0' && s[i] == 'd' &&
            n - i >= sizeof docs - 1 && memcmp(s + i, docs, sizeof docs - 1) == 0) {
            tc__html_esc_n(fp, s + from, i - from);
            fprintf(fp, "<a href=\"%s\">%s</a>", h->corr_page, docs);
            i += sizeof docs - 1;
            from = i;
            continue;
        }
        if ((s[i] == '_' || s[i] == '^') &&
            (alnum(before) || before == ')' || before == '}' || before == '*')) {
            /* _k after a word that follows an underscore is an identifier's (gnuplot_plot_N) */
            const char *w = s + i;
            while (w > lo && alnum(w[-1])) {
                w--;
            }
            bool identifier = s[i] == '_' && w > lo && w[-1] == '_';
            if (!identifier && script_arg(s, n, i + 1, s[i], &a, &b, &next)) {
                tc__html_esc_n(fp, s + from, i - from);
                const char *tag = s[i] == '_' ? "sub" : "sup";
                fprintf(fp, "<%s>", tag);
                text_n(h, s + a, b - a, s + a);
                fprintf(fp, "</%s>", tag);
                i = from = next;
                continue;
            }
        }
        i++;
    }
    tc__html_esc_n(fp, s + from, n - from);
}

void tc__html_text(tc__html_t *h, const char *s)
{
    if (s != NULL) {
        text_n(h, s, strlen(s), s);
    }
}

/* A path component of a relative link, percent-encoded (then safe in an attribute). */
void tc__html_url_part(FILE *fp, const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
            strchr("-._~", c) != NULL) {
            fputc(c, fp);
        } else {
            fprintf(fp, "%%%02X", c);
        }
    }
}

/* s as (part of) an element id: letters, digits, '-', '_' and '.', anything else as '_'. */
void tc__html_id_part(FILE *fp, const char *s)
{
    for (const char *c = s; *c; c++) {
        bool ok = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
                  (*c >= '0' && *c <= '9') || *c == '-' || *c == '_' || *c == '.';
        fputc(ok ? *c : '_', fp);
    }
}

/* The relative link PAPER/NAME.EXT. */
void tc__html_file_href(FILE *fp, const char *paper, const char *name, const char *ext)
{
    tc__html_url_part(fp, paper);
    fputc('/', fp);
    tc__html_url_part(fp, name);
    fprintf(fp, ".%s", ext);
}

/* Whether a cell's text is a number (a decimal with an optional exponent, or inf), to align it
 * right; the script's sort reads numbers the same way. */
bool tc__html_is_number(const char *s)
{
    if (*s == '-' || *s == '+') {
        s++;
    }
    if (strcmp(s, "inf") == 0) {
        return true;
    }
    size_t digits = strspn(s, "0123456789");
    s += digits;
    if (*s == '.') {
        size_t more = strspn(s + 1, "0123456789");
        digits += more;
        s += 1 + more;
    }
    if (digits == 0) {
        return false;
    }
    if (*s == 'e' || *s == 'E') {
        s += 1 + (s[1] == '-' || s[1] == '+');
        size_t exp = strspn(s, "0123456789");
        if (exp == 0) {
            return false;
        }
        s += exp;
    }
    return *s == '\0';
}

/* ---- light Markdown ------------------------------------------------------------------------- */

static const char *find_n(const char *s, size_t n, const char *what)
{
    size_t w = strlen(what);
    for (size_t i = 0; i + w <= n; i++) {
        if (memcmp(s + i, what, w) == 0) {
            return s + i;
        }
    }
    return NULL;
}

/* A link target a page may carry: http(s), mailto, a fragment, or a relative path (no scheme). */
static bool safe_url(const char *u, size_t n)
{
    if (n == 0) {
        return false;
    }
    if ((n > 7 && strncmp(u, "http://", 7) == 0) || (n > 8 && strncmp(u, "https://", 8) == 0) ||
        (n > 7 && strncmp(u, "mailto:", 7) == 0)) {
        return true;
    }
    for (size_t i = 0; i < n; i++) {
        if (u[i] == '/' || u[i] == '?' || u[i] == '#') {
            return true;
        }
        if (u[i] == ':' || (unsigned char)u[i] <= ' ') {
            return false;
        }
    }
    return true;
}

/* [text](url) at s (n bytes): its length, 0 when s does not start one. */
static size_t md_link(tc__html_t *h, const char *s, size_t n);

/* Whether the '*' at s[i] opens an emphasis that closes in s[0..n): *end is the closing '*'. A
 * star between letters, or before a blank or a sign, is text (2*n, *^{m-1}b). */
static bool emphasis(const char *s, size_t n, size_t i, const char *lo, const char **end)
{
    if (i + 1 >= n || !alnum(s[i + 1]) || (s + i > lo && alnum(s[i - 1]))) {
        return false;
    }
    const char *close = memchr(s + i + 1, '*', n - i - 1);
    if (close == NULL || close[-1] == ' ' ||
        (close + 1 < s + n && (alnum(close[1]) || close[1] == '*'))) {
        return false;
    }
    *end = close;
    return true;
}

/* Inline Markdown: `code`, **bold**, *emphasis*, [text](url); the rest by text_n. lo: where
 * the string starts (text_n looks one byte back). */
void tc__html_md_inline(tc__html_t *h, const char *s, size_t n, const char *lo)
{
    FILE *fp = h->fp;
    size_t i = 0, from = 0;
    while (i < n) {
        const char *end = NULL;
        size_t skip = 0;
        if (s[i] == '`') {
            end = memchr(s + i + 1, '`', n - i - 1);
            if (end != NULL) {
                text_n(h, s + from, i - from, lo);
                fputs("<code>", fp);
                tc__html_esc_n(fp, s + i + 1, (size_t)(end - (s + i + 1)));
                fputs("</code>", fp);
                skip = (size_t)(end - s) + 1;
            }
        } else if (s[i] == '*' && i + 1 < n && s[i + 1] == '*') {
            end = find_n(s + i + 2, n - i - 2, "**");
            if (end != NULL && end > s + i + 2) {
                text_n(h, s + from, i - from, lo);
                fputs("<strong>", fp);
                tc__html_md_inline(h, s + i + 2, (size_t)(end - (s + i + 2)), lo);
                fputs("</strong>", fp);
                skip = (size_t)(end - s) + 2;
            }
        } else if (s[i] == '*' && emphasis(s, n, i, lo, &end)) {
            text_n(h, s + from, i - from, lo);
            fputs("<em>", fp);
            tc__html_md_inline(h, s + i + 1, (size_t)(end - (s + i + 1)), lo);
            fputs("</em>", fp);
            skip = (size_t)(end - s) + 1;
        } else if (s[i] == '[') {
            text_n(h, s + from, i - from, lo); /* md_link writes nothing unless a link is here */
            from = i;
            size_t used = md_link(h, s + i, n - i);
            skip = used > 0 ? i + used : 0;
        }
        if (skip > 0) {
            i = from = skip;
        } else {
            i++;
        }
    }
    text_n(h, s + from, n - from, lo);
}

static size_t md_link(tc__html_t *h, const char *s, size_t n)
{
    FILE *fp = h->fp;
    const char *close = memchr(s, ']', n);
    if (close == NULL || (size_t)(close - s) + 1 >= n || close[1] != '(') {
        return 0;
    }
    const char *url = close + 2;
    const char *end = memchr(url, ')', n - (size_t)(url - s));
    if (end == NULL || !safe_url(url, (size_t)(end - url)) || close == s + 1) {
        return 0;
    }
    bool relative = url[0] != '#' && memchr(url, ':', (size_t)(end - url)) == NULL;
    if (relative && !h->relative_links) { /* a page the report does not carry: the text alone */
        tc__html_md_inline(h, s + 1, (size_t)(close - s - 1), s + 1);
        return (size_t)(end - s) + 1;
    }
    fputs("<a href=\"", fp);
    tc__html_esc_n(fp, url, (size_t)(end - url));
    fputs("\">", fp);
    h->in_link++;
    tc__html_md_inline(h, s + 1, (size_t)(close - s - 1), s + 1);
    h->in_link--;
    fputs("</a>", fp);
    return (size_t)(end - s) + 1;
}

/* Block Markdown: paragraphs separated by blank lines, each in <p>. */
void tc__html_md_blocks(tc__html_t *h, const char *s, const char *cls)
{
    FILE *fp = h->fp;
    if (s == NULL) {
        return;
    }
    const char *lo = s;
    while (*s != '\0') {
        while (*s == '\n' || *s == ' ') {
            s++;
        }
        if (*s == '\0') {
            break;
        }
        const char *end = strstr(s, "\n\n");
        size_t n = end != NULL ? (size_t)(end - s) : strlen(s);
        if (cls != NULL) {
            fprintf(fp, "<p class=\"%s\">", cls);
        } else {
            fputs("<p>", fp);
        }
        tc__html_md_inline(h, s, n, lo);
        fputs("</p>\n", fp);
        s += n;
    }
}

void tc__html_md_text(tc__html_t *h, const char *s)
{
    if (s != NULL) {
        tc__html_md_inline(h, s, strlen(s), s);
    }
}

/* ---- inline SVG ----------------------------------------------------------------------------- */

typedef struct {
    const char *p, *end;
} span_t;

static bool starts(span_t s, const char *what)
{
    size_t n = strlen(what);
    return (size_t)(s.end - s.p) >= n && memcmp(s.p, what, n) == 0;
}

/* Past the first `what` at or after s.p (s.end when there is none). */
static const char *past(span_t s, const char *what)
{
    const char *at = find_n(s.p, (size_t)(s.end - s.p), what);
    return at != NULL ? at + strlen(what) : s.end;
}

/* Past the '>' that ends the tag starting at s.p, quotes respected. */
static const char *tag_end(span_t s)
{
    char quote = 0;
    for (const char *q = s.p; q < s.end; q++) {
        if (quote != 0) {
            quote = *q == quote ? 0 : quote;
        } else if (*q == '"' || *q == '\'') {
            quote = *q;
        } else if (*q == '>') {
            return q + 1;
        }
    }
    return s.end;
}

/* An attribute value with every url(#x) (optionally quoted) as url(#PREx). */
static void rewrite_urls(FILE *fp, const char *v, size_t n, const char *pre)
{
    span_t s = {v, v + n};
    while (s.p < s.end) {
        const char *at = find_n(s.p, (size_t)(s.end - s.p), "url(");
        if (at == NULL) {
            break;
        }
        const char *hash = at + 4;
        hash += hash < s.end && (*hash == '\'' || *hash == '"');
        if (hash >= s.end || *hash != '#') {
            fwrite(s.p, 1, (size_t)(at + 4 - s.p), fp);
            s.p = at + 4;
            continue;
        }
        fwrite(s.p, 1, (size_t)(hash + 1 - s.p), fp);
        fputs(pre, fp);
        s.p = hash + 1;
    }
    fwrite(s.p, 1, (size_t)(s.end - s.p), fp);
}

/* One attribute (name, raw value with its quotes or none) of an SVG element, rewritten. */
static void svg_attr(FILE *fp, span_t name, span_t value, const char *pre)
{
    size_t n = (size_t)(name.end - name.p);
    if (n >= 2 && (name.p[0] == 'o' || name.p[0] == 'O') &&
        (name.p[1] == 'n' || name.p[1] == 'N')) {
        return; /* an event handler */
    }
    fputc(' ', fp);
    fwrite(name.p, 1, n, fp);
    if (value.p == value.end) {
        return;
    }
    fputc('=', fp);
    bool quoted = *value.p == '"' || *value.p == '\'';
    char q = quoted ? *value.p : '"';
    const char *v = value.p + quoted, *vend = value.end - (quoted && value.end - value.p >= 2);
    fputc(q, fp);
    bool is_id = n == 2 && memcmp(name.p, "id", 2) == 0;
    bool is_href = (n == 4 && memcmp(name.p, "href", 4) == 0) ||
                   (n == 10 && memcmp(name.p, "xlink:href", 10) == 0);
    if (is_id) {
        fputs(pre, fp);
    } else if (is_href && v < vend && *v == '#') {
        fputc('#', fp);
        fputs(pre, fp);
        v++;
    }
    rewrite_urls(fp, v, (size_t)(vend - v), pre);
    fputc(q, fp);
}

/* The start tag at s.p ('<' then a name): its attributes rewritten by svg_attr. */
static const char *svg_tag(FILE *fp, span_t s, const char *pre)
{
    const char *end = tag_end(s), *q = s.p + 1;
    const char *stop = end - (end > s.p && end[-1] == '>');
    stop -= stop > q && stop[-1] == '/';
    size_t name = strcspn(q, " \t\r\n/>");
    name = q + name > stop ? (size_t)(stop - q) : name;
    fputc('<', fp);
    fwrite(q, 1, name, fp);
    q += name;
    while (q < stop) {
        q += strspn(q, " \t\r\n");
        if (q >= stop) {
            break;
        }
        span_t an = {q, q + strcspn(q, " \t\r\n=/>")};
        an.end = an.end > stop ? stop : an.end;
        q = an.end + strspn(an.end, " \t\r\n");
        span_t av = {q, q};
        if (q < stop && *q == '=') {
            q += 1 + strspn(q + 1, " \t\r\n");
            if (q < stop && (*q == '"' || *q == '\'')) {
                const char *close = memchr(q + 1, *q, (size_t)(stop - q - 1));
                av = (span_t){q, close != NULL ? close + 1 : stop};
            } else {
                av = (span_t){q, q + strcspn(q, " \t\r\n>")};
                av.end = av.end > stop ? stop : av.end;
            }
            q = av.end;
        }
        if (an.p == an.end) {
            q++; /* a stray character ('/' in the middle): skip it */
            continue;
        }
        svg_attr(fp, an, av, pre);
    }
    fputs(end[-1] == '>' && end - 2 >= s.p && end[-2] == '/' ? "/>" : ">", fp);
    return end;
}

/* The SVG document text (n bytes) into the page, from its <svg element on: comments and CDATA
 * kept, processing instructions, declarations and scripts dropped, ids prefixed with pre.
 * false when there is no <svg element. */
bool tc__html_svg_inline(FILE *fp, const char *text, size_t n, const char *pre)
{
    span_t s = {text, text + n};
    const char *root = find_n(text, n, "<svg");
    if (root == NULL) {
        return false;
    }
    s.p = root;
    while (s.p < s.end) {
        const char *lt = memchr(s.p, '<', (size_t)(s.end - s.p));
        if (lt == NULL) {
            fwrite(s.p, 1, (size_t)(s.end - s.p), fp);
            break;
        }
        fwrite(s.p, 1, (size_t)(lt - s.p), fp);
        s.p = lt;
        const char *from = s.p;
        if (starts(s, "<!--")) {
            s.p = past(s, "-->");
            fwrite(from, 1, (size_t)(s.p - from), fp);
        } else if (starts(s, "<![CDATA[")) {
            s.p = past(s, "]]>");
            fwrite(from, 1, (size_t)(s.p - from), fp);
        } else if (starts(s, "<?") || starts(s, "<!")) {
            s.p = tag_end(s);
        } else if (starts(s, "<script")) {
            const char *end = tag_end(s);
            s.p = end[-1] == '>' && end[-2] == '/' ? end : past(s, "</script>");
        } else if (starts(s, "</")) {
            s.p = tag_end(s);
            fwrite(from, 1, (size_t)(s.p - from), fp);
        } else {
            s.p = svg_tag(fp, s, pre);
        }
    }
    fputc('\n', fp);
    return true;
}

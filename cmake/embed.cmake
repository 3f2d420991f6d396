# Embed a file in libtreecast as bytes: cmake -DIN=FILE -DOUT=FILE.c -DNAME=SYMBOL -P embed.cmake
# writes `const unsigned char SYMBOL[]` (the bytes, then a NUL) and `const size_t SYMBOL_len`.
# What is embedded so stays a readable file in the source tree (src/CMakeLists.txt lists them):
# the trace page (src/report/trace_viewer.html), the report's style and script
# (src/repro/report.css, report.js) and the documents the report carries (docs/corrections.md,
# docs/references.md).
file(READ "${IN}" hex HEX)
string(LENGTH "${hex}" digits)
math(EXPR bytes "${digits} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," body "${hex}")
string(REPEAT "0x[0-9a-f][0-9a-f]," 16 line)
string(REGEX REPLACE "(${line})" "\\1\n" body "${body}")
get_filename_component(src "${IN}" NAME)
file(WRITE "${OUT}.tmp"
     "/* Generated from ${src} by embed.cmake; do not edit. */\n"
     "#include <stddef.h>\n"
     "extern const unsigned char ${NAME}[];\n"
     "extern const size_t ${NAME}_len;\n"
     "const unsigned char ${NAME}[] = {\n${body}0x00};\n"
     "const size_t ${NAME}_len = ${bytes};\n")
file(RENAME "${OUT}.tmp" "${OUT}")

# What `cmake --install BUILD --prefix P` (or `make install PREFIX=P`) puts where; docs/install.md.
#
#   P/bin/treecast                              the tool (libtreecast linked in statically)
#   P/bin/treecast-mpi-bench                    libtreecast_mpi's collectives beside the MPI's
#   P/bin/treecast-mpi-check                    the streaming check over MPI ranks
#   P/include/treecast/*.h                      the public headers (version.h generated)
#   P/lib/libtreecast.a, libtreecast.so*        the library, static and shared (SONAME
#                                               libtreecast.so.0; only tc_* exported)
#   P/lib/libtreecast_mpi.a, .so*               the same for libtreecast_mpi, when MPI is found
#   P/lib/pkgconfig/treecast.pc, treecast-mpi.pc
#   P/lib/cmake/treecast/                       find_package(treecast [COMPONENTS mpi])
#   P/share/man/man1/treecast.1, treecast-CMD.1 generated from the tool's --help at build time
#   P/share/man/man1/treecast-mpi-bench.1       the same from treecast-mpi-bench --help
#   P/share/man/man1/treecast-mpi-check.1       the same from treecast-mpi-check --help
#   P/share/bash-completion/completions/treecast
#   P/share/doc/treecast/                       README.md, LICENSE, docs/*.md, examples/*.c
include(CMakePackageConfigHelpers)

set(TC_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/treecast)

# ---- programs ----------------------------------------------------------------------------------
install(TARGETS treecast_tool RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
if(TARGET treecast-mpi-bench)
  install(TARGETS treecast-mpi-bench RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  if(TARGET treecast_mpi_bench_man) # tools/mpi-bench/CMakeLists.txt
    install(FILES ${PROJECT_BINARY_DIR}/tools/mpi-bench/man/treecast-mpi-bench.1
            DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
  endif()
endif()

if(TARGET treecast-mpi-check)
  install(TARGETS treecast-mpi-check RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  if(TARGET treecast_mpi_check_man) # tools/mpi-check/CMakeLists.txt
    install(FILES ${PROJECT_BINARY_DIR}/tools/mpi-check/man/treecast-mpi-check.1
            DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
  endif()
endif()

# ---- libraries and headers ---------------------------------------------------------------------
# In the package: treecast::treecast is the shared library, treecast::treecast_static the static
# one (whose link interface brings CaDiCaL, libstdc++, libm and Threads).
set_target_properties(treecast_shared PROPERTIES EXPORT_NAME treecast)
set_target_properties(treecast PROPERTIES EXPORT_NAME treecast_static)
install(TARGETS treecast treecast_shared EXPORT treecastTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(EXPORT treecastTargets NAMESPACE treecast:: DESTINATION ${TC_CMAKE_DIR})
set(tc_header_excludes)
if(TARGET treecast_mpi)
  set_target_properties(treecast_mpi_shared PROPERTIES EXPORT_NAME treecast_mpi)
  set_target_properties(treecast_mpi PROPERTIES EXPORT_NAME treecast_mpi_static)
  # libtreecast_mpi.so finds the libtreecast.so installed beside it.
  set_target_properties(treecast_mpi_shared PROPERTIES INSTALL_RPATH "\$ORIGIN")
  install(TARGETS treecast_mpi treecast_mpi_shared EXPORT treecastMpiTargets
          ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
          LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
  install(EXPORT treecastMpiTargets NAMESPACE treecast:: DESTINATION ${TC_CMAKE_DIR})
else()
  set(tc_header_excludes PATTERN mpi.h EXCLUDE) # it declares libtreecast_mpi alone
endif()
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/treecast
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.h" ${tc_header_excludes})
install(FILES ${PROJECT_BINARY_DIR}/include/treecast/version.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/treecast)

# ---- the CMake package -------------------------------------------------------------------------
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/treecastConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/cmake/treecastConfig.cmake
                              INSTALL_DESTINATION ${TC_CMAKE_DIR})
# 0.x: an API may change with the minor version, so 0.1 satisfies 0.1.* requests alone.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/cmake/treecastConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/cmake/treecastConfig.cmake
              ${PROJECT_BINARY_DIR}/cmake/treecastConfigVersion.cmake
        DESTINATION ${TC_CMAKE_DIR})

# ---- pkg-config --------------------------------------------------------------------------------
# Two passes: the version and the directories now, the prefix at install time (the one
# `cmake --install --prefix` gives), so that the installed file holds plain absolute paths.
set(TC_PC_PREFIX "@TC_PC_PREFIX@") # kept for the second pass
set(tc_pc_files treecast)
if(TARGET treecast_mpi)
  list(APPEND tc_pc_files treecast-mpi)
endif()
foreach(pc IN LISTS tc_pc_files)
  configure_file(${PROJECT_SOURCE_DIR}/cmake/${pc}.pc.in ${PROJECT_BINARY_DIR}/pkgconfig/${pc}.pc.in
                 @ONLY)
  install(CODE "set(TC_PC_PREFIX \"\${CMAKE_INSTALL_PREFIX}\")
                configure_file(\"${PROJECT_BINARY_DIR}/pkgconfig/${pc}.pc.in\"
                               \"${PROJECT_BINARY_DIR}/pkgconfig/${pc}.pc\" @ONLY)")
  install(FILES ${PROJECT_BINARY_DIR}/pkgconfig/${pc}.pc
          DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endforeach()

# ---- man pages, from the tool's own --help -----------------------------------------------------
# tools/treecast/help2man.py runs the freshly built tool (treecast --help, treecast CMD --help for
# every command it lists) and writes treecast.1 and treecast-CMD.1: the pages are rebuilt with
# the tool, so they cannot disagree with --help.
find_program(PYTHON3 NAMES python3 PATHS /usr/bin NO_DEFAULT_PATH)
find_program(PYTHON3 NAMES python3)
if(PYTHON3)
  set(TC_MAN1_DIR ${PROJECT_BINARY_DIR}/man/man1)
  add_custom_command(
    OUTPUT ${PROJECT_BINARY_DIR}/man/man1.stamp
    COMMAND ${PYTHON3} ${PROJECT_SOURCE_DIR}/tools/treecast/help2man.py
            $<TARGET_FILE:treecast_tool> ${TC_MAN1_DIR}
    COMMAND ${CMAKE_COMMAND} -E touch ${PROJECT_BINARY_DIR}/man/man1.stamp
    DEPENDS treecast_tool ${PROJECT_SOURCE_DIR}/tools/treecast/help2man.py
    COMMENT "Man pages from treecast --help")
  add_custom_target(treecast_man ALL DEPENDS ${PROJECT_BINARY_DIR}/man/man1.stamp)
  install(DIRECTORY ${TC_MAN1_DIR}/ DESTINATION ${CMAKE_INSTALL_MANDIR}/man1
          FILES_MATCHING PATTERN "*.1")
else()
  message(STATUS "No python3: the man pages are not built (apt-get install python3)")
endif()

# ---- bash completion and documentation ---------------------------------------------------------
install(FILES ${PROJECT_SOURCE_DIR}/tools/treecast/treecast.bash
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME treecast)
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/LICENSE
        DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}
        FILES_MATCHING PATTERN "*.md")
install(DIRECTORY ${PROJECT_SOURCE_DIR}/examples/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples
        FILES_MATCHING PATTERN "*.c")

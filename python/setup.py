"""Build the treecast package: the extension treecast._core, compiled together with libtreecast's
own C sources (no cmake, no installed library needed).

The C tree comes from the repository (python/..) when it is there, else from _vendor/ (the
sdist carries a copy: `python3 -m build --no-isolation python` or `setup.py sdist` copies
../src, ../include, ../cmake, ../CMakeLists.txt and the two embedded documents into _vendor).
What src/CMakeLists.txt generates is generated here, in pure Python, into the build directory:
include/treecast/version.h from version.h.in (the VERSION of the top CMakeLists.txt) and the
embedded byte arrays of cmake/embed.cmake (tc__NAME[] and tc__NAME_len). The list of sources
(TC_CORE_SOURCES) and of embedded files are read from src/CMakeLists.txt, their one place.

Environment: TREECAST_C_ROOT (the checkout to build from), TREECAST_BUILD_JOBS (parallel compiler runs, default every core), TREECAST_OPT
(the optimization flag, default -O3: the CLI's release build's).
"""

import os
import re
import shutil
import sys
from concurrent.futures import ThreadPoolExecutor

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.sdist import sdist

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
VENDOR = os.path.join(HERE, "_vendor")
# What the C build reads from the repository (copied into _vendor for the sdist).
VENDORED = ["src", "include", "cmake", "CMakeLists.txt", "LICENSE", "docs/corrections.md",
            "docs/references.md"]

# The library's warnings (TC_WARNINGS of the top CMakeLists.txt); the extension's own file
# takes them too but -Wconversion and -Wpedantic, which Python's headers do not pass.
WARNINGS = ["-Wall", "-Wextra", "-Wpedantic", "-Wshadow", "-Wconversion",
            "-Wstrict-prototypes", "-Wmissing-prototypes"]
CORE_WARNINGS = ["-Wall", "-Wextra", "-Wshadow", "-Wstrict-prototypes", "-Wmissing-prototypes",
                 "-Wno-missing-field-initializers", "-Wno-cast-function-type"]


def c_root():
    """The directory holding src/ and include/: TREECAST_C_ROOT when set (the ctest entry builds
    a copy of python/ against the checkout), else the repository, else the vendored copy."""
    if os.environ.get("TREECAST_C_ROOT"):
        return os.path.abspath(os.environ["TREECAST_C_ROOT"])
    if os.path.exists(os.path.join(REPO, "src", "CMakeLists.txt")) and \
            os.path.exists(os.path.join(REPO, "include", "treecast", "treecast.h")):
        return REPO
    if os.path.exists(os.path.join(VENDOR, "src", "CMakeLists.txt")):
        return VENDOR
    sys.exit("treecast: neither ../src (a checkout) nor _vendor/src (an sdist) is here")


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def project_version(root):
    m = re.search(r"project\(\s*treecast\s+VERSION\s+([0-9]+)\.([0-9]+)\.([0-9]+)",
                  read(os.path.join(root, "CMakeLists.txt")))
    if not m:
        sys.exit("treecast: no project(treecast VERSION x.y.z) in CMakeLists.txt")
    return m.groups()


def cmake_sources(root):
    """TC_CORE_SOURCES and the embedded (name, file) pairs of src/CMakeLists.txt."""
    text = read(os.path.join(root, "src", "CMakeLists.txt"))
    block = re.search(r"set\(TC_CORE_SOURCES\s+(.*?)\)", text, re.S).group(1)
    sources = [s for s in re.sub(r"#.*", "", block).split() if s.endswith(".c")]
    loop = re.search(r"foreach\(item\s+(.*?)\)", text, re.S).group(1)
    embedded = re.findall(r"(\w+)=([\w./-]+)", re.sub(r"#.*", "", loop))
    if not sources or not embedded:
        sys.exit("treecast: src/CMakeLists.txt has no TC_CORE_SOURCES or embedded files")
    return sources, embedded


def write_if_changed(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if os.path.exists(path) and read(path) == text:
        return
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def generate(root, gen):
    """version.h and the embedded tc__NAME.c files (what cmake makes), under gen/."""
    major, minor, patch = project_version(root)
    text = read(os.path.join(root, "include", "treecast", "version.h.in"))
    for key, value in (("PROJECT_VERSION_MAJOR", major), ("PROJECT_VERSION_MINOR", minor),
                       ("PROJECT_VERSION_PATCH", patch),
                       ("PROJECT_VERSION", "%s.%s.%s" % (major, minor, patch))):
        text = text.replace("@%s@" % key, value)
    write_if_changed(os.path.join(gen, "include", "treecast", "version.h"), text)
    out = []
    for name, rel in cmake_sources(root)[1]:
        with open(os.path.join(root, rel), "rb") as f:
            data = f.read()
        symbol = "tc__" + name
        lines = []
        for i in range(0, len(data), 16):
            lines.append("".join("0x%02x," % b for b in data[i:i + 16]))
        body = "\n".join(lines) + ("\n" if lines else "")
        path = os.path.join(gen, "embedded", symbol + ".c")
        write_if_changed(path,
                         "/* Generated from %s by python/setup.py; do not edit. */\n"
                         "#include <stddef.h>\n"
                         "extern const unsigned char %s[];\n"
                         "extern const size_t %s_len;\n"
                         "const unsigned char %s[] = {\n%s0x00};\n"
                         "const size_t %s_len = %d;\n"
                         % (os.path.basename(rel), symbol, symbol, symbol, body, symbol,
                            len(data)))
        out.append(path)
    return out


class BuildExt(build_ext):
    """Generates the files cmake would, then compiles every source on TREECAST_BUILD_JOBS
    threads, the library's with its warnings, and links with a version script that exports
    PyInit__core alone (the library's tc_* stay inside the extension)."""

    def build_extension(self, ext):
        root = c_root()
        gen = os.path.join(os.path.abspath(self.build_temp), "treecast-gen")
        sources, _ = cmake_sources(root)
        if ext.name == "treecast._mpi":
            return self._build_mpi(ext, root, gen, sources)
        ext.sources = ([os.path.join("src", "_core.c"), os.path.join("src", "sim.c")]
                       + [os.path.join(root, "src", s) for s in sources]
                       + generate(root, gen))
        ext.include_dirs = [os.path.join(root, "include"), os.path.join(gen, "include"),
                            os.path.join(root, "src")]
        script = os.path.join(gen, "export.map")
        write_if_changed(script, "{ global: PyInit__core; local: *; };\n")
        ext.extra_link_args = ["-Wl,--version-script=" + script]
        self._install_parallel_compile(root)
        super().build_extension(ext)

    def _build_mpi(self, ext, root, gen, sources):
        """treecast._mpi (python/src/mpi.c, treecast/mpi.py): libtreecast_mpi's src/mpi/*.c
        with mpicc's flags, linked against an archive of the library's objects -- the very
        objects compiled for _core in build_temp (reused, so the library compiles once); the
        linker takes from it only what libtreecast_mpi uses. _mpi carries its own copy of
        those: _core's version script keeps every tc_* inside _core."""
        import glob
        self._install_parallel_compile(root)
        inc = [os.path.join(root, "include"), os.path.join(gen, "include"),
               os.path.join(root, "src")]
        lib = [os.path.join(root, "src", s) for s in sources] + generate(root, gen)
        objects = self.compiler.object_filenames(lib, output_dir=self.build_temp)
        todo = [s for s, o in zip(lib, objects) if not os.path.basename(s).startswith("tc__")
                or not os.path.exists(o) or os.path.getmtime(o) < os.path.getmtime(s)]
        self.compiler.compile(todo, output_dir=self.build_temp, macros=ext.define_macros,
                              include_dirs=inc, extra_postargs=ext.extra_compile_args)
        self.compiler.create_static_lib(objects, "treecast_pympi", output_dir=self.build_temp)
        cflags, lflags = ext.mpicc_flags
        ext.sources = ([os.path.join("src", "mpi.c")]
                       + sorted(glob.glob(os.path.join(root, "src", "mpi", "*.c"))))
        ext.include_dirs = inc
        # mpi.h as a system header (as CMake's MPI::MPI_C): the library's warnings are ours
        ext.extra_compile_args = list(ext.extra_compile_args) + [
            a for f in cflags for a in (("-isystem", f[2:]) if f.startswith("-I") else (f,))]
        script = os.path.join(gen, "export_mpi.map")
        write_if_changed(script, "{ global: PyInit__mpi; local: *; };\n")
        ext.library_dirs = [self.build_temp]
        ext.libraries = ["treecast_pympi"] + list(ext.libraries)
        ext.extra_link_args = (["-Wl,--version-script=" + script] + lflags
                               + ["-Wl,-rpath," + f[2:] for f in lflags if f.startswith("-L")])
        super().build_extension(ext)

    def _install_parallel_compile(self, root):
        compiler = self.compiler
        opt = os.environ.get("TREECAST_OPT", "-O3")
        # Python's own CFLAGS carry -g and -O2: drop -g (size, time) and use the level of the
        # CLI's release build (-O3), so that the binding runs the library as fast as the CLI
        compiler.compiler_so = [a for a in compiler.compiler_so
                                if a not in ("-g", "-O2", "-O3", "-Wsign-compare")] + [opt]
        jobs = int(os.environ.get("TREECAST_BUILD_JOBS", "0")) or os.cpu_count() or 1
        lib_src = os.path.join(root, "src") + os.sep

        def compile_all(sources, output_dir=None, macros=None, include_dirs=None, debug=0,
                        extra_preargs=None, extra_postargs=None, depends=None):
            macros, objects, extra_postargs, pp_opts, build = compiler._setup_compile(
                output_dir, macros, include_dirs, sources, depends, extra_postargs)
            cc_args = compiler._get_cc_args(pp_opts, debug, extra_preargs)

            def one(obj):
                src, ext = build[obj]
                if os.path.exists(obj) and os.path.getmtime(obj) >= os.path.getmtime(src) \
                        and not os.path.basename(src).startswith("tc__"):
                    return  # up to date (headers aside: rebuild from scratch after edits)
                flags = WARNINGS if os.path.abspath(src).startswith(lib_src) else CORE_WARNINGS
                compiler._compile(obj, src, ext, cc_args, list(extra_postargs) + flags, pp_opts)

            with ThreadPoolExecutor(max_workers=jobs) as pool:
                list(pool.map(one, objects))
            return objects

        compiler.compile = compile_all


class Sdist(sdist):
    """Copies the C tree into _vendor first (from a checkout), so that the sdist builds alone."""

    def run(self):
        if os.path.exists(os.path.join(REPO, "src", "CMakeLists.txt")):
            shutil.rmtree(VENDOR, ignore_errors=True)
            for rel in VENDORED:
                src, dst = os.path.join(REPO, rel), os.path.join(VENDOR, rel)
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                if os.path.isdir(src):
                    shutil.copytree(src, dst)
                else:
                    shutil.copy2(src, dst)
        super().run()


def mpicc_flags():
    """mpicc's (compile, link) flags: Open MPI's --showme:compile / --showme:link, else MPICH's
    -compile_info / -link_info. None without mpicc (MPICC, else PATH) or with TREECAST_MPI=0."""
    import shlex
    import subprocess
    mpicc = os.environ.get("MPICC") or shutil.which("mpicc")
    if os.environ.get("TREECAST_MPI") == "0" or not mpicc:
        return None

    def ask(arg):
        try:
            return shlex.split(subprocess.run([mpicc, arg], capture_output=True, text=True,
                                              check=True, timeout=60).stdout)
        except (OSError, subprocess.SubprocessError, ValueError):
            return None

    cflags, lflags = ask("--showme:compile"), ask("--showme:link")
    if cflags is None or lflags is None:
        ci, li = ask("-compile_info"), ask("-link_info")
        if not ci or not li:
            return None
        cflags = [a for a in ci[1:] if a.startswith(("-I", "-D", "-pthread"))]
        lflags = [a for a in li[1:] if a.startswith(("-L", "-l", "-Wl,", "-pthread"))]
    return cflags, lflags


def mpi_extensions():
    """treecast._mpi where mpicc is found (treecast.mpi; docs/python.md, "MPI"): optional, so
    that a failed MPI build leaves the core package installed, unless TREECAST_MPI=1."""
    flags = mpicc_flags()
    if flags is None:
        if os.environ.get("TREECAST_MPI") == "1":
            sys.exit("treecast: TREECAST_MPI=1 but no mpicc (MPICC, PATH) answers")
        return []
    ext = Extension("treecast._mpi", sources=["src/mpi.c"],
                    define_macros=[("_POSIX_C_SOURCE", "200809L")],
                    extra_compile_args=["-std=c11", "-fvisibility=hidden"],
                    libraries=["cadical", "stdc++", "pthread", "m"],
                    optional=os.environ.get("TREECAST_MPI") != "1")
    ext.mpicc_flags = flags
    return [ext]


def version():
    try:
        return ".".join(project_version(c_root()))
    except SystemExit:
        return "0.0.0"


setup(
    name="treecast",
    version=version(),
    description="Spanning trees of interconnection networks: libtreecast from Python",
    long_description=read(os.path.join(HERE, "README.md")),
    long_description_content_type="text/markdown",
    license="MIT",
    packages=["treecast"],
    package_data={"treecast": ["py.typed"]},
    python_requires=">=3.9",
    install_requires=["numpy"],
    extras_require={"networkx": ["networkx"]},
    ext_modules=[Extension(
        "treecast._core",
        sources=["src/_core.c"],
        define_macros=[("_POSIX_C_SOURCE", "200809L")],
        extra_compile_args=["-std=c11", "-fvisibility=hidden"],
        libraries=["cadical", "stdc++", "pthread", "m"],
    )] + mpi_extensions(),
    cmdclass={"build_ext": BuildExt, "sdist": Sdist},
    zip_safe=False,
)

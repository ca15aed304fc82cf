"""Build script: the pure scoring core is compiled with mypyc when it can be, for speed.

The same modules stay importable as plain Python: when mypyc or a C compiler is missing, or
RIICHI_PURE_PYTHON=1 is set, the package installs uncompiled and behaves the same, only slower.
"""

import glob
import os
import sys

from setuptools import setup
from setuptools.command.build_ext import build_ext

# The pure folders (no click, rich or yaml, no I/O; tests/test_layout.py checks it) compile; the rest
# stays Python. A module whose first line says "# mypyc: skip" stays Python too (errors.py: its
# exception classes carry class attributes that compiled classes do not inherit).
PURE = ("core", "io", "analysis", "settle", "logs")


def core_modules() -> list[str]:
    here = os.path.dirname(os.path.abspath(__file__))
    found = []
    for folder in PURE:
        for path in sorted(glob.glob(os.path.join(here, "riichi_cli", folder, "*.py"))):
            with open(path, encoding="utf-8") as f:
                first = f.readline()
            if os.path.basename(path) != "__init__.py" and "mypyc: skip" not in first:
                found.append(os.path.relpath(path, here))
    return found


#: C compiler processes run side by side (the machine this is measured on has two cores).
JOBS = max(1, min(4, os.cpu_count() or 1))


def say(message: str) -> None:
    """A progress line on the terminal: pip shows nothing of a build for minutes but "still running",
    which looks hung. /dev/tty reaches the person at the terminal through pip's captured output;
    without a terminal (CI, a log) nothing is written."""
    try:
        with open("/dev/tty", "w") as tty:
            tty.write(f"riichi: {message}\n")
    except OSError:
        pass


#: gcc's optimisation level per folder. mypyc's C is mostly calls into the C API: -O3 bought nothing
#: measurable over -O2 (callgrind, `bench/bench_score.py --loop`), and -O1 compiles in 55% of -O3's
#: time for ~3% more instructions. So the scorer and analyze take -O2, and the modules a replay or a
#: settlement runs once per round (their time is reading text and the scorer's) take -O1.
FOLDER_LEVEL = {"core": "-O2", "io": "-O2", "analysis": "-O2", "settle": "-O1", "logs": "-O1"}


def level_of(source: str) -> str | None:
    """The -O flag for one of mypyc's C files (``__native_riichi_cli___logs___mjai.c``), if its folder
    has one."""
    name = os.path.basename(source)
    for folder, level in FOLDER_LEVEL.items():
        if f"riichi_cli___{folder}___" in name:
            return level
    return None


def parallel_compile(compiler) -> None:
    """Compile the C files of one extension ``JOBS`` at a time (distutils compiles them one by one;
    mypyc's multi_file output is dozens of files), each at its folder's level, largest first so that
    no large file starts last."""
    one_by_one = compiler.compile

    def compile_one(source, args, kwargs):
        level = level_of(source)
        extra = kwargs.get("extra_postargs")
        if level and extra:
            kwargs = {**kwargs, "extra_postargs": [level if a.startswith("-O") else a for a in extra]}
        return one_by_one([source], *args, **kwargs)

    def compile(sources, *args, **kwargs):
        if len(sources) < 2 or JOBS < 2:
            return [obj for source in sources for obj in compile_one(source, args, kwargs)]
        from concurrent.futures import ThreadPoolExecutor

        by_size = sorted(sources, key=lambda source: -os.path.getsize(source))
        with ThreadPoolExecutor(JOBS) as pool:
            objects = dict(zip(by_size, pool.map(lambda source: compile_one(source, args, kwargs), by_size)))
        return [obj for source in sources for obj in objects[source]]

    compiler.compile = compile


#: Linkage flags for Linux (ELF), where a shared library's global functions can be replaced by another
#: library's at load time, so every call between two of them goes through the PLT and gcc may not inline
#: one into another. Hidden, mypyc's functions call each other directly; only the PyInit_ functions stay
#: visible (Python.h declares them so), and they are all that the import system and mypyc's per-module
#: shims look up. -fno-plt calls the C API through the GOT instead of a PLT stub. Measured on
#: `bench_native.py --loop score` (callgrind, cachegrind): 44.3k instructions a call to 43.7k, indirect
#: branches 1,290 to 880 (mispredicted 404 to 148), first-level instruction-cache misses 1,583 to 1,402.
LINKAGE_FLAGS = ("-fvisibility=hidden", "-fno-plt")


def takes(compiler, flags: tuple[str, ...], link: bool = False) -> bool:
    """Whether ``compiler`` compiles a trial file with ``flags`` (and, with ``link``, links it into a
    shared library with them)."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        source = os.path.join(tmp, "probe.c")
        with open(source, "w") as f:
            f.write("int riichi_probe(void) { return 0; }\n")
        try:
            objects = compiler.compile([source], output_dir=tmp, extra_postargs=list(flags))
            if link:
                compiler.link_shared_object(
                    objects, os.path.join(tmp, "probe.so"), extra_postargs=list(flags)
                )
        except Exception:
            return False
    return True


def on_linux(compiler) -> bool:
    return sys.platform.startswith("linux") and getattr(compiler, "compiler_type", "") == "unix"


def linkage_flags(compiler) -> list[str]:
    """`LINKAGE_FLAGS` when the platform is Linux and ``compiler`` takes them (a trial compile)."""
    return list(LINKAGE_FLAGS) if on_linux(compiler) and takes(compiler, LINKAGE_FLAGS) else []


#: Profile-guided optimisation (gcc 10 or later): the core is compiled with counters, `WORKLOAD` runs
#: against that build, and the core is compiled again with what the counters saw. gcc then lays out each
#: function's hot path in one run and moves the paths the workload never took (mypyc's many error
#: branches) away from it. A call of `score()` runs mostly straight-line code once, so what it costs is
#: largely the cache lines of code it touches: cachegrind on `bench_native.py --loop score` counts
#: 1,402 first-level instruction-cache misses a call without a profile and 1,154 with one (instructions
#: 43.4k to 42.5k). Code the workload never runs is compiled as without a profile (partial training).
#: RIICHI_NO_PGO=1 compiles once, without a profile; any failure on the way does the same.
PROFILE_GENERATE = ("-fprofile-generate",)
PROFILE_USE = ("-fprofile-use", "-fprofile-partial-training", "-Wno-missing-profile")
WORKLOAD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench", "profile_workload.py")


#: Link-time optimisation in the profile-guided pass: gcc then optimises mypyc's C files (one shared
#: library) as one program, inlining and laying out across files, where a module's functions call the
#: other modules' all the time. Measured on `bench_native.py --loop score` with a profile: 37.9k
#: instructions a call to 36.8k, for about 20 s more of install time. A linker without gcc's LTO plugin
#: refuses the trial link (`takes` with ``link``) and the profile-guided build goes on without it.
LTO = ("-flto=auto",)


def profile_ready(compiler, inplace: bool) -> bool:
    """Whether this build can be profile-guided: gcc on Linux, a wheel build (not in place), the workload."""
    if os.environ.get("RIICHI_NO_PGO") or inplace or not os.path.isfile(WORKLOAD):
        return False
    return on_linux(compiler) and takes(compiler, PROFILE_GENERATE) and takes(compiler, PROFILE_USE)


def run_workload(build_lib: str) -> None:
    """Run `WORKLOAD` against the package built in ``build_lib`` (raises if it fails)."""
    import subprocess
    import tempfile

    env = {**os.environ, "PYTHONPATH": os.path.abspath(build_lib)}
    with tempfile.TemporaryDirectory() as tmp:  # not the project folder: its riichi_cli is not compiled
        subprocess.run([sys.executable, WORKLOAD], cwd=tmp, env=env, check=True, timeout=600,
                       stdout=subprocess.DEVNULL)  # fmt: skip


class OptionalBuildExt(build_ext):
    """Compile what compiles; a failure leaves the pure Python modules in place."""

    def finalize_options(self):
        super().finalize_options()
        if self.parallel is None and JOBS > 1:
            self.parallel = JOBS  # the small per-module extensions side by side too

    def build_extensions(self):
        linkage = linkage_flags(self.compiler)
        given = {
            ext.name: (list(ext.extra_compile_args or []), list(ext.extra_link_args or []))
            for ext in self.extensions
        }

        def with_flags(compile_flags: tuple[str, ...], link_flags: tuple[str, ...]) -> None:
            for ext in self.extensions:
                ext.extra_compile_args = [*given[ext.name][0], *linkage, *compile_flags]
                ext.extra_link_args = [*given[ext.name][1], *link_flags]

        if profile_ready(self.compiler, self.inplace):
            try:
                say("compiling with counters, then running a workload, then compiling again with its profile")
                with_flags(PROFILE_GENERATE, PROFILE_GENERATE)
                super().build_extensions()
                run_workload(self.build_lib)
                lto = LTO if takes(self.compiler, LTO, link=True) else ()
                say("compiling again with the profile" + (" and link-time optimisation" if lto else ""))
                with_flags(PROFILE_USE + lto, lto)
                self.force = True  # the same sources again
                super().build_extensions()
                return
            except Exception as e:  # a build without counters is the same program, only slower
                print(f"riichi: no profile-guided build ({e}); compiling without a profile", file=sys.stderr)
                self.force = True
        with_flags((), ())
        super().build_extensions()

    def run(self):
        if self.extensions:
            say(f"compiling the scoring core with mypyc and a C compiler ({JOBS} at a time; 1-2 minutes)")
        try:
            super().run()
        except Exception as e:  # no compiler, no headers: install uncompiled
            print(f"riichi: not compiling the core ({e}); installing pure Python", file=sys.stderr)

    def build_extension(self, ext):
        if len(ext.sources) > 1:
            parallel_compile(self.compiler)
            say(f"compiling {ext.name} ({len(ext.sources)} C files)")
        try:
            super().build_extension(ext)
        except Exception as e:
            print(f"riichi: could not compile {ext.name} ({e}); using pure Python", file=sys.stderr)


#: Commands that only write metadata. pip runs setup.py three times (egg_info for the build
#: requirements, dist_info for the metadata, bdist_wheel for the wheel); translating the core to C in
#: the first two was a third of the install time, and nothing of it was used.
METADATA_ONLY = {"egg_info", "dist_info", "sdist"}


def compiled_core():
    if os.environ.get("RIICHI_PURE_PYTHON"):
        return []
    if len(sys.argv) > 1 and sys.argv[1] in METADATA_ONLY:
        return []
    try:
        from mypyc.build import mypycify

        say("translating the scoring core to C with mypyc")
        # multi_file: the one shared library as several C files, compiled side by side (the same
        # modules as one file; 118 s of CPU against 136 s, and half the wall time). opt_level is the
        # level of the module shims and the shared file; FOLDER_LEVEL sets the modules' own.
        return mypycify(core_modules(), opt_level="2", debug_level="0", multi_file=True)
    except BaseException as e:  # mypyc missing or refusing: stay pure Python
        print(f"riichi: mypyc unavailable ({e}); installing pure Python", file=sys.stderr)
        return []


setup(ext_modules=compiled_core(), cmdclass={"build_ext": OptionalBuildExt})

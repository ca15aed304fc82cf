"""The set-up of README.md (issue 20, point 1): the second command adds only what the tests need,
without building riichi again, and `.ci/run` runs exactly the two README lines."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def setup_lines() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("## Set up", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    return [line.split("  #")[0].strip() for line in block.splitlines() if line.strip()]


def requirement_names(lines: list[str]) -> list[str]:
    return [re.split(r"[<>=\[ ]", line.strip())[0].lower() for line in lines if line.strip()]


def test_the_second_command_does_not_build_riichi_again():
    first, second = setup_lines()
    assert first.startswith("pip install . ")
    install = second.split("&&")[0].split()
    assert (
        install[:2] == ["pip", "install"]
        and "." not in install
        and not any(a.startswith(".[") for a in install)
    )
    assert install[2:] == ["-r", "requirements-test.txt"]


def test_ci_runs_exactly_the_readme_lines():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    for line in setup_lines():
        assert f"\n{line}\n" in ci, line


def test_the_test_requirements_match_the_test_extra():
    tomllib = pytest.importorskip("tomllib", reason="tomllib comes with Python 3.11")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    file_lines = [
        line for line in (ROOT / "requirements-test.txt").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]  # fmt: skip
    assert sorted(file_lines) == sorted(project["project"]["optional-dependencies"]["test"])
    need = {"pytest", "hypothesis", "mahjong", "ruff", "mypy", "cairosvg", "jsonschema", "dask"}
    assert need <= set(requirement_names(file_lines))
    assert any(r.startswith("mypy") for r in project["build-system"]["requires"])


def test_the_build_compiles_every_pure_module_as_several_c_files():
    text = (ROOT / "setup.py").read_text(encoding="utf-8")
    assert "multi_file=True" in text and 'opt_level="2"' in text
    assert 'PURE = ("core", "io", "analysis", "settle", "logs")' in text


def run_setup_py(monkeypatch: pytest.MonkeyPatch, command: str) -> tuple[list[str], dict, dict]:
    """setup.py run as pip runs it, with mypyc and setuptools.setup stubbed: which modules would be
    translated, what setup() was given, and the script's namespace."""
    import runpy
    import types

    import setuptools

    translated: list[str] = []
    given: dict = {}
    build = types.ModuleType("mypyc.build")
    build.mypycify = lambda modules, **options: translated.extend(modules) or []  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "mypyc", types.ModuleType("mypyc"))
    monkeypatch.setitem(sys.modules, "mypyc.build", build)
    monkeypatch.setattr(setuptools, "setup", lambda **kwargs: given.update(kwargs))
    monkeypatch.setattr(sys, "argv", ["setup.py", command])
    monkeypatch.delenv("RIICHI_PURE_PYTHON", raising=False)
    monkeypatch.chdir(ROOT)
    space = runpy.run_path(str(ROOT / "setup.py"))
    return translated, given, space


@pytest.mark.parametrize("command", ["egg_info", "dist_info"])
def test_metadata_steps_do_not_translate_the_core(monkeypatch: pytest.MonkeyPatch, command: str) -> None:
    # pip runs setup.py for egg_info and dist_info before bdist_wheel; each translation costs ~15 s.
    translated, given, _ = run_setup_py(monkeypatch, command)
    assert translated == [] and given["ext_modules"] == []


def test_the_wheel_step_translates_every_pure_module(monkeypatch: pytest.MonkeyPatch) -> None:
    translated, _, _ = run_setup_py(monkeypatch, "bdist_wheel")
    assert "riichi_cli/core/points.py" in translated and "riichi_cli/settle/wins.py" in translated
    assert not any(path.endswith("__init__.py") for path in translated)


def test_each_c_file_compiles_at_its_folders_level_largest_first(monkeypatch, tmp_path) -> None:
    _, _, space = run_setup_py(monkeypatch, "egg_info")
    assert set(space["FOLDER_LEVEL"]) == set(space["PURE"])  # every compiled folder has a level
    sizes = {"__native_riichi_cli___logs___mjai.c": 10, "__native_riichi_cli___core___fu.c": 30,
             "__native_abc.c": 20}  # fmt: skip
    sources = []
    for name, size in sizes.items():
        (tmp_path / name).write_text("x" * size)
        sources.append(str(tmp_path / name))
    calls = []

    class Compiler:
        def compile(self, sources, output_dir=None, extra_postargs=None):
            calls.append((os.path.basename(sources[0]), extra_postargs))
            return [sources[0] + ".o"]

    compiler = Compiler()
    space["parallel_compile"](compiler)
    objects = compiler.compile(sources, output_dir="b", extra_postargs=["-O2", "-g0", "-Wno-x"])
    assert objects == [s + ".o" for s in sources]  # the linker sees the original order
    levels = dict(calls)
    assert levels["__native_riichi_cli___logs___mjai.c"] == ["-O1", "-g0", "-Wno-x"]
    assert levels["__native_riichi_cli___core___fu.c"] == ["-O2", "-g0", "-Wno-x"]
    assert levels["__native_abc.c"] == ["-O2", "-g0", "-Wno-x"]  # the shared file: mypyc's level
    if space["JOBS"] > 1:
        assert calls[0][0] == "__native_riichi_cli___core___fu.c"  # the largest starts first


def test_linkage_flags_only_where_the_compiler_takes_them(monkeypatch: pytest.MonkeyPatch) -> None:
    _, _, space = run_setup_py(monkeypatch, "egg_info")
    flags = space["linkage_flags"]

    class Takes:
        compiler_type = "unix"

        def compile(self, sources, output_dir=None, extra_postargs=None):
            assert extra_postargs == list(space["LINKAGE_FLAGS"])
            return [source + ".o" for source in sources]

    class Refuses(Takes):
        def compile(self, sources, output_dir=None, extra_postargs=None):
            raise RuntimeError("unrecognized command-line option")

    class Msvc(Takes):
        compiler_type = "msvc"

    assert flags(Refuses()) == [] and flags(Msvc()) == []
    assert flags(Takes()) == (list(space["LINKAGE_FLAGS"]) if sys.platform.startswith("linux") else [])


def build_passes(
    monkeypatch: pytest.MonkeyPatch, ready: bool, workload_fails: bool, lto: bool = False
) -> tuple[list, list, bool]:
    """OptionalBuildExt.build_extensions on one stub extension: the compile and link flags of each pass,
    the build folders the workload ran against, and whether the last pass was forced. ``lto``: whether
    the trial link with link-time optimisation succeeds."""
    from setuptools import Extension

    _, _, space = run_setup_py(monkeypatch, "egg_info")
    cls = space["OptionalBuildExt"]
    names = cls.build_extensions.__globals__  # the namespace its functions read (run_path returns a copy)
    passes: list = []
    ran: list = []

    def workload(build_lib: str) -> None:
        ran.append(build_lib)
        if workload_fails:
            raise RuntimeError("workload failed")

    record = lambda self: passes.append([(e.extra_compile_args, e.extra_link_args) for e in self.extensions])  # noqa: E731
    monkeypatch.setattr(names["build_ext"], "build_extensions", record)
    monkeypatch.setitem(names, "linkage_flags", lambda compiler: ["-fvisibility=hidden"])
    monkeypatch.setitem(names, "profile_ready", lambda compiler, inplace: ready)
    monkeypatch.setitem(names, "run_workload", workload)
    monkeypatch.setitem(
        names, "takes", lambda compiler, flags, link=False: lto and link and flags == ("-flto=auto",)
    )
    monkeypatch.setitem(names, "say", lambda message: None)
    command = cls.__new__(cls)
    command.extensions = [Extension("x", ["x.c"], extra_compile_args=["-O2"], extra_link_args=["-lm"])]
    command.compiler, command.inplace, command.build_lib, command.force = object(), False, "build/lib", False
    command.build_extensions()
    return [p[0] for p in passes], ran, command.force


def test_a_profile_guided_build_compiles_with_counters_runs_the_workload_and_compiles_again(monkeypatch):
    passes, ran, forced = build_passes(monkeypatch, ready=True, workload_fails=False)
    generate, use = (
        ["-fprofile-generate"],
        ["-fprofile-use", "-fprofile-partial-training", "-Wno-missing-profile"],
    )
    assert passes == [
        (["-O2", "-fvisibility=hidden", *generate], ["-lm", *generate]),
        (["-O2", "-fvisibility=hidden", *use], ["-lm"]),
    ]
    assert ran == ["build/lib"] and forced


def test_the_profiled_pass_optimises_at_link_time_where_a_trial_link_takes_it(monkeypatch):
    passes, _, _ = build_passes(monkeypatch, ready=True, workload_fails=False, lto=True)
    use = ["-fprofile-use", "-fprofile-partial-training", "-Wno-missing-profile"]
    assert passes[0] == (["-O2", "-fvisibility=hidden", "-fprofile-generate"], ["-lm", "-fprofile-generate"])
    assert passes[1] == (["-O2", "-fvisibility=hidden", *use, "-flto=auto"], ["-lm", "-flto=auto"])


def test_the_trial_link_links_with_the_flags_and_fails_quietly(monkeypatch: pytest.MonkeyPatch) -> None:
    _, _, space = run_setup_py(monkeypatch, "egg_info")
    takes, links = space["takes"], []

    class Gcc:
        def compile(self, sources, output_dir=None, extra_postargs=None):
            return [source + ".o" for source in sources]

        def link_shared_object(self, objects, output, extra_postargs=None):
            links.append((len(objects), os.path.basename(output), extra_postargs))

    class NoPlugin(Gcc):
        def link_shared_object(self, objects, output, extra_postargs=None):
            raise RuntimeError("lto-wrapper: fatal error")

    assert takes(Gcc(), ("-flto=auto",), link=True) and links == [(1, "probe.so", ["-flto=auto"])]
    assert takes(Gcc(), ("-flto=auto",)) and len(links) == 1  # compile only: no link
    assert not takes(NoPlugin(), ("-flto=auto",), link=True)


def test_a_failed_workload_compiles_again_without_a_profile(monkeypatch, capsys):
    passes, ran, forced = build_passes(monkeypatch, ready=True, workload_fails=True)
    assert passes[-1] == (["-O2", "-fvisibility=hidden"], ["-lm"]) and len(passes) == 2 and forced
    assert "no profile-guided build (workload failed)" in capsys.readouterr().err


def test_without_gcc_the_build_compiles_once(monkeypatch):
    passes, ran, forced = build_passes(monkeypatch, ready=False, workload_fails=False)
    assert passes == [(["-O2", "-fvisibility=hidden"], ["-lm"])] and ran == [] and not forced


def test_a_profile_needs_gcc_on_linux_a_wheel_build_and_the_workload(monkeypatch):
    _, _, space = run_setup_py(monkeypatch, "egg_info")
    ready = space["profile_ready"]

    class Gcc:
        compiler_type = "unix"

        def compile(self, sources, output_dir=None, extra_postargs=None):
            return [source + ".o" for source in sources]

    linux = sys.platform.startswith("linux")
    monkeypatch.delenv("RIICHI_NO_PGO", raising=False)
    assert ready(Gcc(), inplace=False) == linux
    assert not ready(Gcc(), inplace=True)
    monkeypatch.setenv("RIICHI_NO_PGO", "1")
    assert not ready(Gcc(), inplace=False)


def test_the_profile_workload_scores_wins_and_refusals_without_click_rich_or_yaml() -> None:
    import subprocess

    code = (
        "import sys; sys.path.insert(0, 'bench'); import profile_workload; profile_workload.main(400); "
        "print(sorted({'click', 'rich', 'yaml'} & set(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    counts, loaded = out.stdout.splitlines()
    wins, refused = (int(n) for n in re.findall(r"\d+", counts))
    assert wins > 100 and refused > 20 and loaded == "[]"

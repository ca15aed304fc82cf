"""The goals of issue 22, side by side in one run: riichi against the native (Rust) tools.

1. in process, the 2,000 dev hands (../shared/conformance/hule-dev.json, read in place), results kept:
   `riichi_cli.score(mapping)` against riichienv's `HandEvaluator(tiles, melds).calc(...)` (its
   compiled class, inputs prepared beforehand: 136-tile ids, `Meld` objects, `Conditions`); goal:
   riichi within 4x. Both answers are checked against the reference, and against each other;
2. in process, the 10,000 shanten dev hands (34 counts each, prepared beforehand): every shanten form
   of `riichi_cli.analysis.shanten.shanten(counts)` (standard, seven pairs, thirteen orphans, best)
   against xiangting's `calculate_replacement_number(counts, PlayerCount.FOUR)`; goal: at least as fast.
   The API call `riichi_cli.shanten(text)` (notation read, discard table of a 14-tile hand) and
   riichienv's `calculate_shanten` are printed beside them;
3. whole processes: `riichi batch FILE --format jsonl --jobs N` on one YAML file of `--hands` (8,000)
   hands and on the same hands as JSON lines, against the in-process `score()` rate over the same hands
   (a child process timing ``[riichi_cli.score(m) for m in mappings]``); goal: batch at least 0.5x with
   `--jobs 1`, and `--jobs 2` faster than `--jobs 1` when the second core is free (the script measures
   how free it is).

Each round runs every contender once in turn (interleaved): a machine busy for a while slows them alike.
riichienv and xiangting come from PyPI (``pip install riichienv xiangting``); a missing one is skipped
with a message. Run with the interpreter of a venv where riichi is installed compiled, from anywhere:

    V/bin/python bench/bench_native.py [--rounds 5] [--only score,shanten,batch] [--hands 8000]

``--loop score|riichienv|shanten|xiangting N`` only runs that side N times and prints nothing, for
counting instructions (``valgrind --tool=callgrind``: the count for N=3 minus N=1, over 2 x the hands).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))
sys.path.insert(1, str(HERE))

import majiang  # noqa: E402
from bench_batch import parallel_headroom, riichi_command, timed  # noqa: E402
from bench_score import _Copies, _tiles  # noqa: E402

SHANTEN_DEV = majiang.CONFORMANCE / "shanten-dev.json"
SEATS = "ESWN"


def interleaved_cpu(rounds: int, *fns) -> tuple[list[float], list[float]]:
    """`interleaved` that also keeps the best CPU time (``time.process_time``) of each function: on a
    shared machine the wall clock counts the time other processes held the core, the CPU time does not."""
    walls, cpus = [float("inf")] * len(fns), [float("inf")] * len(fns)
    for _ in range(rounds):
        for i, fn in enumerate(fns):
            wall, cpu = time.perf_counter(), time.process_time()
            fn()
            walls[i] = min(walls[i], time.perf_counter() - wall)
            cpus[i] = min(cpus[i], time.process_time() - cpu)
    return walls, cpus


def compiled_note() -> str:
    from riichi_cli.analysis import shanten
    from riichi_cli.core import scoring
    from riichi_cli.io import report

    files = {"core": scoring.__file__, "io": report.__file__, "analysis": shanten.__file__}
    return ", ".join(f"{k} {'pure Python' if f.endswith('.py') else 'compiled'}" for k, f in files.items())


# -- 1. score() against riichienv -----------------------------------------------------------------


def riichienv_inputs(m: dict) -> tuple:
    """(tiles, melds, win tile, dora, ura, Conditions) of riichienv's compiled HandEvaluator for a
    docs/input.md mapping: 136-tile ids (red fives are copy 0), the concealed tiles with the winning one."""
    from riichienv import _riichienv as rc

    kinds = {"chi": rc.MeldType.Chi, "pon": rc.MeldType.Pon, "kan": rc.MeldType.Daiminkan,
             "kakan": rc.MeldType.Kakan, "ankan": rc.MeldType.Ankan}  # fmt: skip
    winds = [rc.Wind.East, rc.Wind.South, rc.Wind.West, rc.Wind.North]
    copies = _Copies()
    concealed: list[int] = []
    melds = []
    for group in m["hand"].split():
        kind, _, body = group.rpartition(":")
        ids = [copies.take(t, red) for t, red in _tiles(body)]
        if kind:
            melds.append(rc.Meld(kinds[kind], sorted(ids), kind != "ankan"))
        else:
            concealed += ids
    dora = [copies.take(t, red) for t, red in _tiles("".join(m.get("dora", [])))]
    ura = [copies.take(t, red) for t, red in _tiles("".join(m.get("ura", [])))]
    cond = rc.Conditions(
        tsumo=m["win"] == "tsumo",
        riichi=bool(m.get("riichi")),
        double_riichi=bool(m.get("double_riichi")),
        ippatsu=bool(m.get("ippatsu")),
        haitei=bool(m.get("haitei")),
        houtei=bool(m.get("houtei")),
        rinshan=bool(m.get("rinshan")),
        chankan=bool(m.get("chankan")),
        tsumo_first_turn=bool(m.get("tenhou") or m.get("chiihou")),
        player_wind=winds[SEATS.index(m["seat_wind"])],
        round_wind=winds[SEATS.index(m["round_wind"])],
        riichi_sticks=m["riichi_sticks"],
        honba=m["honba"],
    )
    return sorted(concealed), melds, concealed[-1], dora, ura, cond


def riichienv_points(m: dict, r) -> int:
    """The winner's points before honba and deposits (riichienv's payments include honba)."""
    if m["win"] != "tsumo":
        paid = r.ron_agari
    elif m["seat_wind"] == "E":
        paid = 3 * r.tsumo_agari_ko
    else:
        paid = r.tsumo_agari_oya + 2 * r.tsumo_agari_ko
    return paid - 300 * m["honba"]


def score_sides(mappings: list[dict], inputs: list[tuple]):
    """The two timed loops, each keeping its results."""
    from riichienv import _riichienv as rc

    import riichi_cli

    score, evaluator = riichi_cli.score, rc.HandEvaluator

    def ours() -> list:
        return [score(m) for m in mappings]

    def theirs() -> list:
        return [
            evaluator(
                t,
                ms,
            ).calc(w, d, u, c)
            for t, ms, w, d, u, c in inputs
        ]

    return ours, theirs


def bench_score(rounds: int) -> None:
    try:
        import riichienv
    except ImportError:
        print("1. score: riichienv is not installed (pip install riichienv): skipped")
        return
    from importlib.metadata import version

    items = majiang.load()
    mappings = [majiang.to_mapping(item) for item in items]
    inputs = [riichienv_inputs(m) for m in mappings]
    ours, theirs = score_sides(mappings, inputs)
    mine, native = ours(), theirs()  # also the first, cold pass of both
    n = len(items)
    ok_ours = ok_theirs = same = 0
    for m, it, a, b in zip(mappings, items, mine, native):
        out = it["out"]
        ok_ours += a["ok"] and a["points"]["total"] == out["defen"]
        theirs_points = riichienv_points(m, b)
        ok_theirs += b.is_win and theirs_points == out["defen"]
        if a["ok"] and b.is_win and a["points"]["total"] == theirs_points:
            same += bool(a["yakuman"]) == b.yakuman and (a["yakuman"] or (a["han"], a["fu"]) == (b.han, b.fu))
    del mine, native
    (t_ours, t_theirs), (c_ours, c_theirs) = interleaved_cpu(rounds, ours, theirs)
    print(f"1. score: {n} dev hands in process, results kept, best of {rounds} interleaved rounds")
    print(f"   agree with the reference (points): riichi {ok_ours}/{n}, riichienv {ok_theirs}/{n}; "
          f"riichi and riichienv agree on han, fu, yakuman and points for {same}/{n}")  # fmt: skip
    print(f"   riichi_cli.score(mapping)                 {n / t_ours:9,.0f} hands/s  "
          f"{t_ours * 1e6 / n:6.2f} us")  # fmt: skip
    print(f"   riichienv {version('riichienv'):8s} HandEvaluator.calc      "
          f"{n / t_theirs:9,.0f} hands/s  {t_theirs * 1e6 / n:6.2f} us")  # fmt: skip
    print(f"   riichi / riichienv time per call          {t_ours / t_theirs:9.2f}x   (goal: 4x or less)")
    print(f"   CPU time per call: riichi {c_ours * 1e6 / n:.2f} us, riichienv {c_theirs * 1e6 / n:.2f} us: "
          f"{c_ours / c_theirs:.2f}x")  # fmt: skip
    del riichienv


# -- 2. shanten against xiangting ---------------------------------------------------------------------


def shanten_hands() -> list[list[int]]:
    hands = []
    for item in json.loads(SHANTEN_DEV.read_text(encoding="utf-8")):
        counts = [0] * 34
        for tile in item["q"]:
            counts["mpsz".index(tile[0]) * 9 + (int(tile[1:]) or 5) - 1] += 1
        hands.append(counts)
    return hands


def shanten_texts() -> list[str]:
    """The same hands in notation (``3m5m9m...``), for the API call."""
    return ["".join(t[1:] + t[0] for t in item["q"]) for item in json.loads(SHANTEN_DEV.read_text("utf-8"))]


def bench_shanten(rounds: int) -> None:
    try:
        import xiangting
    except ImportError:
        print("2. shanten: xiangting is not installed (pip install xiangting): skipped")
        return
    from importlib.metadata import version

    import riichi_cli
    from riichi_cli.analysis.shanten import shanten

    hands = shanten_hands()
    texts = shanten_texts()
    n = len(hands)
    replacement, four = xiangting.calculate_replacement_number, xiangting.PlayerCount.FOUR
    mine = [shanten(c) for c in hands]  # the first pass fills riichi's part tables
    native = [replacement(c, four) for c in hands]
    # a dict before issue 22's fourth session, a named tuple since: the same script measures both installs
    same = sum((a["best"] if isinstance(a, dict) else a.best) == b - 1 for a, b in zip(mine, native))
    del mine, native
    loops = {
        "riichi_cli.analysis.shanten.shanten(counts)": lambda: [shanten(c) for c in hands],
        f"xiangting {version('xiangting')} calculate_replacement_number": lambda: [
            replacement(c, four) for c in hands
        ],
    }
    try:
        from riichienv import _riichienv as rc

        tiles136 = [[t * 4 + k for t, c in enumerate(counts) for k in range(c)] for counts in hands]
        calc = rc.calculate_shanten
        loops[f"riichienv {version('riichienv')} calculate_shanten (best only)"] = lambda: [
            calc(t) for t in tiles136
        ]
    except ImportError:
        pass
    api = riichi_cli.shanten
    loops["riichi_cli.shanten(text) (API: notation, discard table)"] = lambda: [api(t) for t in texts[:1000]]
    times, cpus = interleaved_cpu(rounds, *loops.values())
    print(f"2. shanten: {n} dev hands (14 tiles) as 34 counts, in process, results kept, best of {rounds}")
    print(f"   riichi's best shanten = xiangting's replacement number - 1 for {same}/{n}")
    for (label, _), seconds in zip(loops.items(), times):
        count = 1000 if label.startswith("riichi_cli.shanten(") else n
        print(f"   {label:60s} {count / seconds:11,.0f} hands/s  {seconds * 1e6 / count:6.2f} us")
    print(f"   riichi shanten speed / xiangting speed    {times[1] / times[0]:9.2f}x   (goal: 1x or more)")
    print(f"   CPU time per call: riichi {cpus[0] * 1e6 / n:.2f} us, xiangting {cpus[1] * 1e6 / n:.2f} us: "
          f"speed {cpus[1] / cpus[0]:.2f}x")  # fmt: skip


# -- 3. batch against score() in process ----------------------------------------------------------------

# The child that times score(): it prints the wall and CPU time of the loop (results kept).
SCORE_CHILD = """
import json, sys, time
import riichi_cli
mappings = json.load(open(sys.argv[1], encoding="utf-8"))
score = riichi_cli.score
wall, cpu = time.perf_counter(), time.process_time()
out = [score(m) for m in mappings]
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
print(json.dumps([wall, cpu, sum(1 for r in out if r["ok"])]))
"""


def bench_batch(rounds: int, hands: int, jobs: list[int]) -> None:
    import yaml

    items = majiang.load()
    # Distinct objects: a repeated one would be written as a YAML anchor and aliases, which no real
    # hand file has (and which sends the file to the full loader).
    mappings = [majiang.to_mapping(items[i % len(items)]) for i in range(hands)]
    expected = [items[i % len(items)]["out"]["defen"] for i in range(hands)]
    with tempfile.TemporaryDirectory(prefix="riichi-bench-") as tmp:
        as_yaml, as_jsonl, as_json = Path(tmp) / "hands.yaml", Path(tmp) / "hands.jsonl", Path(tmp) / "m.json"
        with as_yaml.open("w", encoding="utf-8") as f:
            yaml.safe_dump({"hands": mappings}, f, allow_unicode=True, sort_keys=False)
        as_jsonl.write_text("".join(json.dumps(m) + "\n" for m in mappings), encoding="utf-8")
        as_json.write_text(json.dumps(mappings), encoding="utf-8")
        runs: dict[str, list] = {}
        commands = {"score() in process": [sys.executable, "-c", SCORE_CHILD, str(as_json)]}
        for path in (as_yaml, as_jsonl):
            for j in jobs:
                label = f"batch {path.suffix[1:]:5s} --jobs {j}"
                args = ["batch", str(path), "--format", "jsonl", "--jobs", str(j)]
                commands[label] = riichi_command() + args
        outputs: dict[str, str] = {}
        for _ in range(rounds):
            for label, cmd in commands.items():
                wall, cpu, proc = timed(cmd)
                if label.startswith("score"):
                    if proc.returncode:
                        sys.exit(f"score child failed: {proc.stderr.strip()[-800:]}")
                    wall, cpu, _ = json.loads(proc.stdout)
                else:
                    outputs[label] = proc.stdout
                runs.setdefault(label, []).append((wall, cpu))
        kib = as_yaml.stat().st_size / 1024, as_jsonl.stat().st_size / 1024
        print(f"3. batch: {hands} hands, one YAML file ({kib[0]:.0f} KiB) and the same as JSON lines "
              f"({kib[1]:.0f} KiB); best of {rounds} interleaved rounds")  # fmt: skip
        score_wall = min(w for w, _ in runs["score() in process"])
        for label, got in runs.items():
            wall, cpu = min(w for w, _ in got), min(c for _, c in got)
            line = f"   {label:24s} {wall:6.3f} s wall {cpu:6.3f} s CPU {hands / wall:9,.0f} hands/s"
            if label in outputs:
                results = [json.loads(x) for x in outputs[label].splitlines() if x.strip()]
                good = sum(bool(r.get("ok")) and r["points"]["total"] == e for r, e in zip(results, expected))
                line += f"  {score_wall / wall:5.2f}x score()  ({good}/{hands} match the reference)"
            print(line)
        for kind in ("yaml", "jsonl"):
            if len({text for label, text in outputs.items() if f" {kind} " in label}) > 1:
                print(f"   OUTPUTS DIFFER between the --jobs values ({kind})")
        for kind in ("yaml", "jsonl"):
            times = {j: min(w for w, _ in runs[f"batch {kind:5s} --jobs {j}"]) for j in jobs}
            if 1 in times and 2 in times:
                print(f"   {kind}: --jobs 1 time / --jobs 2 time {times[1] / times[2]:5.2f}  (goal > 1)")
        print("   goal: batch --jobs 1 at least 0.5x score()")
        print(f"   two busy processes side by side take {parallel_headroom():.2f}x one alone (1 on two idle "
              "cores; near 2 only one core is free and --jobs 2 cannot win)")  # fmt: skip


def loop(what: str, times: int) -> None:
    """Only run one side ``times`` times (for valgrind)."""
    if what in ("score", "riichienv"):
        mappings = [majiang.to_mapping(item) for item in majiang.load()]
        inputs = [riichienv_inputs(m) for m in mappings] if what != "score" else []
        ours, theirs = score_sides(mappings, inputs)
        fn = ours if what == "score" else theirs
    else:
        hands = shanten_hands()
        if what == "shanten":
            from riichi_cli.analysis.shanten import shanten

            def fn() -> list:
                return [shanten(c) for c in hands]
        else:
            import xiangting

            replacement, four = xiangting.calculate_replacement_number, xiangting.PlayerCount.FOUR

            def fn() -> list:
                return [replacement(c, four) for c in hands]

    for _ in range(times):
        fn()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds, best kept (default 5)")
    parser.add_argument("--only", default="score,shanten,batch", help="which goals (default all)")
    parser.add_argument("--hands", type=int, default=8000, help="hands in the batch files (default 8,000)")
    parser.add_argument("--jobs", default="1,2", help="--jobs values of the batch runs (default 1,2)")
    parser.add_argument("--loop", nargs=2, metavar=("SIDE", "N"), help="only run SIDE N times (valgrind)")
    args = parser.parse_args()
    if not majiang.HULE.is_file():
        sys.exit(f"conformance data not found: {majiang.HULE}")
    if args.loop:
        loop(args.loop[0], int(args.loop[1]))
        return
    import riichi_cli

    where = Path(riichi_cli.__file__).parent
    print(f"riichi_cli {where}: {compiled_note()}; Python {sys.version.split()[0]}")
    only = args.only.split(",")
    start = time.perf_counter()
    if "score" in only:
        bench_score(args.rounds)
    if "shanten" in only:
        bench_shanten(args.rounds)
    if "batch" in only:
        bench_batch(max(1, min(args.rounds, 3)), args.hands, [int(j) for j in args.jobs.split(",")])
    print(f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()

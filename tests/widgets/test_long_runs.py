"""Long runs with slow bots (issue 26): batches sized by a measured game time, a games
count beside the bar, Stop that gives Run back at once, a kernel never blocked."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from designkit_widgets import SimulationPanel
from designkit_widgets._util import BATCH_SECONDS, batch_size, measured_batch, seconds_per_game

from designkit import get_game

HERO = get_game("classic_hero")  # greedy: a few tenths of a second per game


def test_batches_follow_the_measured_time_of_a_game_not_the_agents_name() -> None:
    assert batch_size(["greedy"], 300, 1, seconds=2.0) == 1
    assert batch_size(["greedy"], 300, 1, seconds=BATCH_SECONDS / 3) == 3
    assert batch_size(["mcts:50"], 10_000, 1, seconds=0.001) == 25  # fast: name ignored
    # by its name greedy gets the full batch; timed, a greedy Witch Academia game (about a
    # tenth of a second idle, more on a busy machine) gets a few games per batch, and random
    # Crossroads (a few ms, mostly simulate's own start) many more. Classic Hero's greedy is
    # now too fast to tell apart from that start-up cost (0.03 s a game).
    wa = get_game("witch_academy")
    assert batch_size(["greedy"], 300, 1) == 15
    slow = measured_batch(wa, wa.params_type(), ["greedy"], 300)
    fast = measured_batch(get_game("crossroads"), get_game("crossroads").params_type(),
                          ["random"], 10_000)
    # the measured time decides (remembered per game, agents and params), whatever the
    # machine's speed: a few games for greedy's tenth of a second, many for random's ms
    took = seconds_per_game(wa, wa.params_type(), "greedy")
    assert slow == max(1, min(15, int(BATCH_SECONDS / took)))
    assert slow < min(15, fast)


def _wait(predicate, seconds: float = 60.0) -> None:  # noqa: ANN001
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def _longest_pause(until: threading.Thread) -> float:
    """The longest the calling (kernel) thread waited for a 10 ms sleep while ``until``
    runs: how long a click would wait for the kernel."""
    worst = 0.0
    while until.is_alive():
        start = time.perf_counter()
        time.sleep(0.01)
        worst = max(worst, time.perf_counter() - start - 0.01)
    return worst


#: the longest a click may wait for the kernel while a run goes on (issue 26)
KERNEL_PAUSE = 0.5
#: other processes on the machine (the suite's other xdist worker and its simulation
#: workers, on 2 cores) can starve this process for longer than anything the run does
#: (CI once read 1.01 s for a run that pauses 0.01 s alone); a block the run causes comes
#: back on every try, so the best of a few tries is the run's own pause
TRIES = 3


def _best_pause(scenario: Callable[[], float]) -> float:
    """The smallest of up to ``TRIES`` runs of ``scenario`` (which asserts what the run
    must do and returns its longest kernel pause), stopping at the first under the limit."""
    pauses: list[float] = []
    while len(pauses) < TRIES and (not pauses or pauses[-1] >= KERNEL_PAUSE):
        pauses.append(scenario())
    return min(pauses)


def _greedy_run(n_games: int, started: int) -> tuple[SimulationPanel, threading.Thread]:
    """A background run of ``n_games`` 王道勇者 games between greedy bots (slow enough to
    stop), once ``started`` games are done: (panel, its thread)."""
    panel = SimulationPanel(HERO, n_games=n_games)
    for d in panel.agent_dropdowns:
        d.value = "greedy"
    thread = panel.run(blocking=False)
    _wait(lambda: panel.progress.value >= started)
    return panel, thread


def test_stop_gives_run_back_at_once_and_the_finished_games_are_charted() -> None:
    def scenario() -> float:
        panel, thread = _greedy_run(300, 2)
        assert panel.count.value == f"{panel.progress.value} / 300 games"
        start = time.perf_counter()
        panel.stop()
        assert time.perf_counter() - start < 0.1
        assert not panel.run_button.disabled and panel.stop_button.disabled
        assert "building" in panel.status.value or "results" in panel.status.value
        pause = _longest_pause(thread)
        assert 2 <= panel.results.n_games < 300 and panel.results.interrupted
        assert "stopped early" in panel.status.value and panel.figures
        return pause

    pause = _best_pause(scenario)
    assert pause < KERNEL_PAUSE, f"the kernel thread waited {pause:.2f} s"


def test_run_right_after_stop_replaces_the_stopped_run() -> None:
    def scenario() -> float:
        panel, first = _greedy_run(200, 1)
        panel.stop()
        panel.n_games.value = 4
        second = panel.run(blocking=False)
        assert second is not first and panel.run_button.disabled
        pause = _longest_pause(second)
        assert not first.is_alive()
        assert panel.results.n_games == 4 and not panel.results.interrupted
        assert panel.status.value == "4 games" and panel.count.value == "4 / 4 games"
        assert not panel.run_button.disabled
        return pause

    pause = _best_pause(scenario)
    assert pause < KERNEL_PAUSE, f"the kernel thread waited {pause:.2f} s"

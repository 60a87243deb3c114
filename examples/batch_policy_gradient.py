"""Policy gradient on the batched engine: a linear softmax policy learns to beat random play.

Heads-up Waks (50 chips each, stake 1, rest 3) on :class:`primero.batch.BatchEngine`: the
learner's policy is a softmax over the engine's action ids, masked to the legal ones, with
logits linear in a few features of its decision (the share of hands its cards beat, from the
ranking table: :class:`primero.batch.agents.ShareTable`; the round; whether it owes chips; the
pot; an exchange). REINFORCE with a mean baseline, plain numpy, 4,096 deals a batch; the
learner takes seat 0 and seat 1 in turn against a uniformly random player
(:class:`~primero.batch.agents.RandomBatchAgent`).

It writes the learning curve to ``docs/img/batch-policy-gradient.png`` and prints the final
policy's chips won a deal against random play, played in duplicate (each deal twice, the same
cards, the learner in each seat) with a 95% interval.

Run: ``python examples/batch_policy_gradient.py [--iterations N] [--seed S]`` (needs
matplotlib: ``pip install 'primero[analysis]'``). About a minute of CPU.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from primero.batch import BatchEngine
from primero.batch.agents import RandomBatchAgent, share_table
from primero.batch.rules import KIND_EXCHANGE
from primero.batch.state import flat

DEALS = 4096
FEATURES = 8


def features(batch: BatchEngine) -> np.ndarray:
    """The decision's features for every deal, ``(N, FEATURES)``, from the seat to act's view."""
    st, rules = batch.state, batch.rules
    deals = batch.deals
    line = np.arange(deals)
    seat = np.maximum(st.to_act, 0)
    hands = np.minimum(st.hands[line, seat][:, :4], len(rules.pack) - 1)
    size = np.minimum(flat(st.hand_len)[seat * deals + line], 4)
    share = share_table(rules.variant).share(hands, size)
    step = np.maximum(st.step, 0)
    second = rules.numbers[step] == rules.last_round
    owed = st.high - flat(st.round_bet)[seat * deals + line]
    pot = st.contributed.sum(axis=1) / 20.0
    swap = rules.kinds[step] == KIND_EXCHANGE
    return np.stack([np.ones(deals), share, share ** 2, second, owed > 0,
                     np.minimum(owed, 6) / 6.0, pot, swap], axis=1)


def policy(weights: np.ndarray, batch: BatchEngine, rng: np.random.Generator) \
        -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Sample an id per deal: ``(ids, features, probabilities)``."""
    x = features(batch)
    logits = x @ weights
    mask = batch.legal_mask()
    logits = np.where(mask, logits, -np.inf)
    logits[~mask.any(axis=1)] = 0.0  # (finished deals: nothing to choose)
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    p /= p.sum(axis=1, keepdims=True)
    ids = (p.cumsum(axis=1) > rng.random(batch.deals)[:, None]).argmax(axis=1)
    return ids, x, p


def play(weights: np.ndarray, learner: int, seed: int, rng: np.random.Generator,
         learn: bool) -> tuple[np.ndarray, np.ndarray | None]:
    """One batch of deals: the learner's chips won per deal and (``learn``) its gradient."""
    batch = BatchEngine("waks", DEALS, 2)
    batch.reset(seed=seed)
    other = RandomBatchAgent()
    grads = np.zeros((DEALS, *weights.shape)) if learn else None
    while not batch.done.all():
        mine = batch.to_act == learner
        ids, x, p = policy(weights, batch, rng)
        ids = np.where(mine, ids, other.act(batch, rng))
        if grads is not None:  # d log p(id) / dW = x (onehot(id) - p), the learner's moves
            onehot = np.zeros_like(p)
            onehot[np.arange(DEALS), ids] = 1.0
            grads += np.where(mine[:, None, None], x[:, :, None] * (onehot - p)[:, None, :], 0)
        batch.step(ids)
    won = batch.rewards[:, learner].astype(float)
    return won, grads


def duplicate(weights: np.ndarray, seed: int, rounds: int, rng: np.random.Generator) \
        -> np.ndarray:
    """The learner's chips a deal pair over ``rounds`` batches played in duplicate."""
    pairs = [play(weights, 0, seed + r, rng, False)[0] + play(weights, 1, seed + r, rng, False)[0]
             for r in range(rounds)]
    return np.concatenate(pairs) / 2.0


def whole(least: int, most: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number in ASCII digits, ``least`` to ``most``.

    A bad value is a usage error naming the argument (exit status 2), not a traceback.
    """

    def read(text: str) -> int:
        if not re.fullmatch(r"[+-]?[0-9]{1,30}", text.strip()):
            raise argparse.ArgumentTypeError(
                f"expected a whole number in ASCII digits, got {text[:30]!r}")
        number = int(text)
        if number < least or (most is not None and number > most):
            bound = f"from {least:,}" if most is None else f"from {least:,} to {most:,}"
            raise argparse.ArgumentTypeError(f"expected a whole number {bound}, got {number}")
        return number

    return read


def png_file(text: str) -> Path:
    """An argparse type: the path of a PNG file to write, in a folder that exists."""
    path = Path(text)
    if path.suffix.lower() != ".png":
        raise argparse.ArgumentTypeError(f"expected a file name ending .png, got {text[:60]!r}")
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text[:60]!r} is a folder, not a file")
    if not path.parent.is_dir():
        raise argparse.ArgumentTypeError(f"no folder {str(path.parent)[:60]!r} to write into")
    return path


def main(argv: Sequence[str] | None = None) -> None:
    """Train, evaluate in duplicate, plot; a bad argument is a usage error (exit status 2)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=whole(1), default=60,
                        help="policy-gradient steps, from 1 (60)")
    parser.add_argument("--seed", type=whole(0), default=1, help="seeds the sampling, from 0")
    parser.add_argument("--plot", type=png_file,
                        default=Path(__file__).resolve().parents[1] / "docs" / "img"
                        / "batch-policy-gradient.png",
                        help="the learning curve's PNG file (docs/img/batch-policy-gradient.png)")
    args = parser.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    size = BatchEngine("waks", 1, 2).size
    weights = np.zeros((FEATURES, size))
    curve: list[tuple[float, float]] = []
    for it in range(args.iterations):
        learner = it % 2
        won, grads = play(weights, learner, 10_000 + it, rng, True)
        assert grads is not None
        advantage = (won - won.mean()) / (won.std() + 1e-9)
        weights += 0.5 * (advantage[:, None, None] * grads).mean(axis=0)
        curve.append((won.mean(), 1.96 * won.std() / np.sqrt(len(won))))
        if it % 10 == 0 or it == args.iterations - 1:
            print(f"iteration {it:3d} (seat {learner}): {won.mean():+.3f} chips a deal "
                  f"± {curve[-1][1]:.3f}")
    final = duplicate(weights, 90_000, 8, rng)
    half = 1.96 * final.std() / np.sqrt(len(final))
    print(f"final policy against random play, in duplicate over {len(final):,} deal pairs: "
          f"{final.mean():+.3f} chips a deal (95% interval {final.mean() - half:+.3f} to "
          f"{final.mean() + half:+.3f})")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    means = np.array([c[0] for c in curve])
    bands = np.array([c[1] for c in curve])
    fig, ax = plt.subplots(figsize=(7, 3.6))
    steps = np.arange(len(curve))
    ax.plot(steps, means, label="learner's chips a deal (4,096 deals, seats alternating)")
    ax.fill_between(steps, means - bands, means + bands, alpha=0.3, label="95% interval")
    ax.axhline(0.0, color="grey", lw=0.8)
    ax.axhline(final.mean(), color="C2", ls="--",
               label=f"final, in duplicate: {final.mean():+.2f} ± {half:.2f}")
    ax.set_xlabel("iteration (one batch of 4,096 deals)")
    ax.set_ylabel("chips a deal vs random play")
    ax.set_title("Policy gradient on the batched engine, heads-up Waks")
    ax.legend(fontsize=8, loc="lower right")
    fig.tight_layout()
    args.plot.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(args.plot, dpi=110)
    print(f"learning curve: {args.plot}")


if __name__ == "__main__":
    main()

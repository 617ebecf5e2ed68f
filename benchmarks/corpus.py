"""A synthetic, sample-like digest corpus for benchmarks and stress tests.

Entries mix the verdicts and enumeration styles of the real samples, spread
over daily digest files (with dates in their names, as real digests have), and
about one entry in ten repeats in the next day's digest, as real digests do.
Deterministic for a given seed, so figures are comparable between runs.

    python -m benchmarks.corpus OUT_DIR --entries 10000
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
from pathlib import Path

REPOS = ("vllm-project/vllm", "pytorch/pytorch", "huggingface/transformers", "astral-sh/uv")
SUBJECTS = (
    "共享专家 partial 加法融合进 Lamport collective",
    "MLA 开启非因果融合解码",
    "显式管理 worker 的 torch 线程数",
    "Add streaming support to the tokenizer",
    "Fix race in the scheduler's preemption path",
    "EP 过滤识别 `.weight_packed`，修复冗余加载",
    "新增 Mamba SSU 算法选择参数",
    "Refactor attention backend selection",
)
POINTS = (
    "`pad_cu_seqlens()` 对 varlen attention 行数约束的处理",
    "cgroup v1/v2 配额感知的可用 CPU 计数",
    "用哨兵值表达 eager fallback 的权衡",
    "RoPE 尺寸约束下的 dummy 网格构造",
    "NCCL fallback 的 in-place 合并语义",
    "启动期/服务期两阶段线程策略",
    "the retry budget of the HTTP client",
    "how the cache key includes the dtype",
)
TEMPLATES = (
    "值得精读，尤其是 {a}，以及 {b}。建议关注：{c}、{d}。若后续要推广，可以借鉴这种拆分模式。",
    "值得精读。核心看点：1) {a}；2) {b}；3) {c}。使用时需明确边界：仅建议小 batch 场景开启。",
    "建议快速阅读。重点关注四个设计决策：① {a}；② {b}；③ {c}；④ {d}。可结合 #{n} 一起阅读。",
    "值得快速浏览（约 {m} 分钟）：变更本身只有 1 行。建议关注后续 #{n} 是否落地。",
    "这是一个非常小的配置改动，无需精读。但值得关注的是 {a}。",
    "Worth a close read. Key points: 1) {a} 2) {b} 3) {c}. See #{n} for the follow-up.",
    "Skim (about {m} minutes). Watch for: {a}, {b} and {c}.",
    "Skip: a version bump with no behaviour change.",
)


def entry_texts(count: int, seed: int = 0) -> list[tuple[str, str, str]]:
    """`count` distinct (repo, headline, paragraph) triples."""
    rng = random.Random(seed)
    out = []
    for index in range(count):
        repo = REPOS[index % len(REPOS)]
        title = f"{rng.choice(SUBJECTS)} (#{40000 + index})"
        a, b, c, d = rng.sample(POINTS, 4)
        text = rng.choice(TEMPLATES).format(
            a=a, b=b, c=c, d=d, n=rng.randint(40000, 60000), m=rng.choice((3, 5, 10))
        )
        # Every paragraph is distinct, as in real digests (no cache can flatter the figures).
        text += f" PR #{40000 + index} 的 review 讨论了 {rng.randint(2, 40)} 处改动。"
        out.append((repo, title, text))
    return out


def generate_corpus(
    directory: Path, entries: int = 10_000, per_file: int = 50, seed: int = 0
) -> list[Path]:
    """Write `entries` distinct entries as daily plain-text digests; returns the files."""
    directory.mkdir(parents=True, exist_ok=True)
    triples = entry_texts(entries, seed)
    start = dt.date(2026, 1, 1)
    files: list[Path] = []
    for number, offset in enumerate(range(0, len(triples), per_file)):
        chunk = triples[offset : offset + per_file]
        # Yesterday's first few entries reappear, as in real daily digests.
        repeats = triples[max(0, offset - per_file) : max(0, offset - per_file) + per_file // 10]
        by_repo: dict[str, list[tuple[str, str, str]]] = {}
        for triple in repeats + chunk:
            by_repo.setdefault(triple[0], []).append(triple)
        date = start + dt.timedelta(days=number)
        for repo, items in by_repo.items():
            path = directory / f"{repo.replace('/', '_')}-{date.isoformat()}.txt"
            body = "\n\n".join(f"{title}\n\n{text}" for _, title, text in items)
            path.write_text(f"{repo}\n\n{body}\n", encoding="utf-8")
            files.append(path)
    return files


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--per-file", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    files = generate_corpus(args.out, args.entries, args.per_file, args.seed)
    print(f"wrote {args.entries} entries in {len(files)} files under {args.out}")


if __name__ == "__main__":
    main()

"""How one entry's paragraph is understood: verdict, reading time, focus points, references.

Every phrasing and enumeration style the analysis supports has a made-up entry
below. All of them are written into digests in both layouts (plain text and
Markdown) and with the byte-level variants readers meet (BOM, CRLF, trailing
full-width spaces, whitespace-only separator lines), read by the real CLI
(`digest2notes parse --json`), and checked field by field. Negative cases sit in
the same table: caveats that are not points, durations that are not reading time,
verdict words inside backticks, "skipped" that is not "Skip".

The phrases of the old phrase table (`fixtures/verdict-phrases.json`, 1,427 of them)
are kept as a regression corpus: the cue classes must read every one as it was meant.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from digest2notes.cli import main
from digest2notes.model import Verdict
from digest2notes.parsing.analysis import Analysis, analyse, analyse_uncached
from tests.conftest import FIXTURES

VERDICT_PHRASES: list[tuple[str, Verdict]] = [
    (phrase, Verdict(value))
    for phrase, value in json.loads((FIXTURES / "verdict-phrases.json").read_text("utf-8"))
]


def find_verdict(
    text: str, extra: Mapping[str, Verdict] | None = None
) -> tuple[Verdict, str | None]:
    result = analyse(text, extra)
    return result.verdict, result.verdict_text

D, S, K, U = Verdict.DEEP, Verdict.SKIM, Verdict.SKIP, Verdict.UNKNOWN


@dataclass(frozen=True)
class Case:
    key: str
    text: str
    verdict: Verdict
    verdict_text: str | None
    minutes: int | None = None
    points: tuple[str, ...] = ()
    references: tuple[str, ...] = ()


CASES: tuple[Case, ...] = (
    # --- Chinese: verdict phrases, each with a different enumeration style -------------------
    Case("zh-colon-list",
         "值得精读。建议关注：调度器的抢占路径、KV cache 的回收策略、`BlockManager` 的引用计数。",
         D, "值得精读",
         points=("调度器的抢占路径", "KV cache 的回收策略", "`BlockManager` 的引用计数")),
    Case("zh-colon-list-brackets-not-split",
         "建议精读。建议关注：分配器（按 2 的幂分桶、惰性释放）、「读、写」两条路径、`a、b` 的别名。",
         D, "建议精读",
         points=("分配器（按 2 的幂分桶、惰性释放）", "「读、写」两条路径", "`a、b` 的别名")),
    Case("zh-kandian-numbered",
         "强烈推荐精读。核心看点：1) 配置项从布尔改为枚举，兼容旧写法；2) 默认值保持不变；"
         "3) 新增 `--mode` 参数。使用时需明确边界：仅建议小 batch 场景开启。",
         D, "强烈推荐精读",
         points=("配置项从布尔改为枚举，兼容旧写法", "默认值保持不变", "新增 `--mode` 参数")),
    Case("zh-paren-numbers",
         "推荐细读。(1) 锁粒度从全局降到 bucket (2) 用 epoch 代替引用计数。",
         D, "推荐细读", points=("锁粒度从全局降到 bucket", "用 epoch 代替引用计数")),
    Case("zh-fullwidth-paren-numbers",
         "建议精读。（1）新增 `--budget` 参数；（2）队列按剩余时间排序。",
         D, "建议精读", points=("新增 `--budget` 参数", "队列按剩余时间排序")),
    Case("zh-letters", "可以略读。a) 改名 b) 补文档。", S, "可以略读", points=("改名", "补文档")),
    Case("zh-circled",
         "值得精读。重点关注三个设计决策：① 调度器拆分为两阶段；② 新增 `preempt()` 钩子；"
         "③ 回退路径的幂等性。若在容器内部署，建议结合 #49013 一起阅读。",
         D, "值得精读",
         points=("调度器拆分为两阶段", "新增 `preempt()` 钩子", "回退路径的幂等性"),
         references=("#49013",)),
    Case("zh-yishi-ershi",
         "建议通读。PR 很小，但展示了两个可复用模式：一是把锁粒度从全局降到每个 bucket；"
         "二是用 epoch 代替引用计数。",
         D, "建议通读", points=("把锁粒度从全局降到每个 bucket", "用 epoch 代替引用计数")),
    Case("zh-qiyi-qier",
         "值得精读。两个核心看点：其一，异步拷贝与计算重叠，特别是流同步的位置；"
         "其二，显存池化（按 2 的幂分桶、惰性释放）可作团队模板。",
         D, "值得精读",
         points=("异步拷贝与计算重叠，特别是流同步的位置", "显存池化（按 2 的幂分桶、惰性释放）可作团队模板")),
    Case("zh-diyi-dier",
         "建议快速阅读。第一，接口更小；第二，测试覆盖了回退路径；第三，文档同步更新。",
         S, "建议快速阅读", points=("接口更小", "测试覆盖了回退路径", "文档同步更新")),
    Case("zh-kandian-you-san",
         "值得快速浏览（约 5 分钟）：看点有三：调度器、缓存、日志。",
         S, "值得快速浏览", 5, points=("调度器", "缓存", "日志")),
    Case("zh-guanzhudian-semicolons",
         "扫一眼即可。关注点：新的缓存键设计；淘汰策略在内存压力下的表现；与 #1234 的交互。",
         S, "扫一眼即可",
         points=("新的缓存键设计", "淘汰策略在内存压力下的表现", "与 #1234 的交互"),
         references=("#1234",)),
    Case("zh-tebieshi",
         "略读即可，特别是 `Scheduler` 的抢占处理、KV cache 的回收设计，以及预热阶段的取舍。",
         S, "略读即可", points=("`Scheduler` 的抢占处理", "KV cache 的回收设计", "预热阶段的取舍")),
    Case("zh-youqishi-modifiers-not-split",
         "值得精读，尤其是 publish 阶段融合加法、避免单独 launch 的思路，以及用 tuple 扩展契约的做法。",
         D, "值得精读",
         points=("publish 阶段融合加法、避免单独 launch 的思路", "用 tuple 扩展契约的做法")),
    Case("zh-zhongdian-comma-ends",
         "值得精读。重点关注 `Scheduler.step()` 的重入保护，理解它为何需要锁。",
         D, "值得精读", points=("`Scheduler.step()` 的重入保护",)),
    Case("zh-liuyi", "建议快速阅读。阅读时留意配置默认值的变化。",
         S, "建议快速阅读", points=("配置默认值的变化",)),
    Case("zh-liuyi-header", "建议快速阅读。阅读时留意一个未决点：默认值是否需要收紧到 `auto`。",
         S, "建议快速阅读", points=("默认值是否需要收紧到 `auto`",)),
    Case("zh-houxu",
         "建议快速阅读，建议关注后续 #50682 的拆分是否落地，以及 Triton 升级后的稳定性。",
         S, "建议快速阅读",
         points=("后续 #50682 的拆分是否落地", "Triton 升级后的稳定性"), references=("#50682",)),
    Case("zh-mid-paragraph-skip",
         "这是一次纯文档修改，无需精读。但值得关注的是示例代码的风格：它统一了导入顺序。",
         K, "无需精读", points=("示例代码的风格",)),
    Case("zh-zhide-jiejian-de-shi",
         "值得精读。设计上值得借鉴的是：把分配器行为收敛到特定配置，而不是全局开启，避免影响其他场景。",
         D, "值得精读", points=("把分配器行为收敛到特定配置，而不是全局开启，避免影响其他场景",)),
    Case("zh-dash-list",
         "建议快速阅读：改动只有一行，但排查方法很有参考价值——区分表面超时与真实崩溃、"
         "用历史构建对照排除回归、把排查过程写进描述。",
         S, "建议快速阅读",
         points=("区分表面超时与真实崩溃", "用历史构建对照排除回归", "把排查过程写进描述")),
    Case("zh-trailing-praise",
         "值得精读。测试从单一用例重构为参数化测试的写法也值得参考。此外，这个 PR 也值得参考。",
         D, "值得精读", points=("测试从单一用例重构为参数化测试的写法",)),
    Case("zh-read-with-purpose",
         "建议快速阅读。可与上游 PR #48891 对照阅读，理解 EP 过滤信息从生成到消费的完整链路。",
         S, "建议快速阅读", points=("EP 过滤信息从生成到消费的完整链路",), references=("#48891",)),
    Case("zh-header-noun",
         "建议快速阅读。核心改动仅 1 行，但揭示了一个值得注意的数据契约问题："
         "命名后缀承载着过滤语义，加载逻辑必须跟随格式演进。",
         S, "建议快速阅读", points=("命名后缀承载着过滤语义，加载逻辑必须跟随格式演进",)),
    Case("zh-ke-guanzhu-de",
         "值得精读。可关注的设计点：用 `Literal` 做配置契约；把默认值解析延迟到后端。",
         D, "值得精读", points=("用 `Literal` 做配置契约", "把默认值解析延迟到后端")),
    Case("zh-kandian-shi", "值得一读，看点是 `EngineCore` 的状态机。",
         D, "值得一读", points=("`EngineCore` 的状态机",)),
    Case("zh-zhongdian-kan", "必读！重点看 `merge()` 的冲突处理。", D, "必读",
         points=("`merge()` 的冲突处理",)),
    Case("zh-short-list-ascii", "必读！建议关注：A 模块、B 模块。", D, "必读",
         points=("A 模块", "B 模块")),
    Case("zh-glue-after-comma", "值得精读。建议关注：调度器，和 `foo()` 的返回值。", D, "值得精读",
         points=("调度器", "`foo()` 的返回值")),
    # --- Chinese: negative cases ---------------------------------------------------------------
    Case("zh-conditional-not-points",
         "值得精读。重点关注锁的顺序。若生产环境使用 K2.5，应等待后续修复；"
         "若团队在维护调度器，建议重点吸收其组织方式。",
         D, "值得精读", points=("锁的顺序",)),
    Case("zh-caveat-not-points",
         "值得精读。使用时需明确边界：仅建议小 batch 场景开启。需要注意的是：X 仅在 Linux 上生效。",
         D, "值得精读"),
    Case("zh-durations-not-minutes",
         "值得精读。运行 5 分钟的压测后吞吐提升 10%，CI 耗时 15 s，超时阈值为 10 分钟。",
         D, "值得精读"),
    Case("zh-verdict-in-code", "`无需精读` 是这个函数的返回值，值得精读。", D, "值得精读"),
    Case("zh-skip-after-description", "该配置可跳过校验，建议快速阅读。", S, "建议快速阅读"),
    Case("zh-unknown", "这个 PR 修改了调度器的抢占逻辑。", U, None),
    Case("zh-features-not-points", "值得精读。该问题在大 batch 下特别是多卡时才会出现。", D, "值得精读"),
    # --- Chinese: skip / skim phrasing -----------------------------------------------------------
    Case("zh-ke-tiaoguo", "这是一次纯格式化改动，可跳过。", K, "可跳过"),
    Case("zh-bubi-xikan", "不必细看，这只是一次依赖升级。", K, "不必细看"),
    Case("zh-ke-lueguo", "纯重命名，可略过。", K, "可略过"),
    Case("zh-tiaoguo-alone", "跳过。", K, "跳过"),
    Case("zh-no-close-read-but-skim", "无需精读，快速浏览即可。", S, "快速浏览即可"),
    Case("zh-liaojie", "了解即可，配置项改了名字。", S, "了解即可"),
    Case("zh-cudu", "粗读。只改了日志格式。", S, "粗读"),
    Case("zh-wuxu-xidu", "无需细读：只是把常量挪了位置。", K, "无需细读"),
    Case("zh-bubi-jingdu", "这次只是升级依赖，不必精读。", K, "不必精读"),
    # --- Chinese: reading time -----------------------------------------------------------------
    Case("zh-minutes-after-comma", "建议精读，约 20 分钟。", D, "建议精读", 20),
    Case("zh-minutes-enough", "快速浏览即可，5 分钟足够。", S, "快速浏览即可", 5),
    Case("zh-minutes-range", "值得精读，约需 20-30 分钟。", D, "值得精读", 30),
    Case("zh-minutes-hour", "值得精读，大约一小时。", D, "值得精读", 60),
    Case("zh-minutes-reading-clause", "值得精读。完整阅读约需 30 分钟，重点关注状态机。",
         D, "值得精读", 30, points=("状态机",)),
    Case("zh-minutes-chinese-numeral", "建议快速浏览，十五分钟即可。", S, "建议快速浏览", 15),
    Case("zh-wrapped-list", "值得精读。建议关注：调度器的抢占路径、\nKV cache 的回收策略。", D,
         "值得精读", points=("调度器的抢占路径", "KV cache 的回收策略")),
    # --- Chinese: bullet lines -----------------------------------------------------------------
    Case("zh-bullets",
         "值得精读。建议关注：\n- 调度器的抢占路径\n- `BlockManager` 的引用计数",
         D, "值得精读", points=("调度器的抢占路径", "`BlockManager` 的引用计数")),
    # --- English --------------------------------------------------------------------------------
    Case("en-key-points",
         "Worth a close read. Key points: 1) the cache key includes the dtype "
         "2) eviction under memory pressure. See #12 for the follow-up.",
         D, "Worth a close read",
         points=("the cache key includes the dtype", "eviction under memory pressure"),
         references=("#12",)),
    Case("en-watch-for",
         "Skim (about 5 minutes). Watch for: the retry budget, the backoff jitter and the new "
         "timeout default.",
         S, "Skim", 5,
         points=("the retry budget", "the backoff jitter", "the new timeout default")),
    Case("en-skip", "Skip: a version bump with no behaviour change.", K, "Skip"),
    Case("en-first-second",
         "Must-read. First, the allocator no longer fragments. Second, eviction is now lock-free.",
         D, "Must-read",
         points=("the allocator no longer fragments", "eviction is now lock-free")),
    Case("en-firstly-finally",
         "Recommended for a careful read. Firstly, the parser is now streaming; secondly, errors "
         "carry line numbers; finally, the old API is deprecated.",
         D, "Recommended for a careful read",
         points=("the parser is now streaming", "errors carry line numbers",
                 "the old API is deprecated")),
    Case("en-pay-attention",
         "Read closely. Pay attention to how the scheduler defers preemption.",
         D, "Read closely", points=("how the scheduler defers preemption",)),
    Case("en-pay-attention-list",
         "Must read. Pay attention to: the lock ordering, the retry path, and the metrics.",
         D, "Must read", points=("the lock ordering", "the retry path", "the metrics")),
    Case("en-focus-on",
         "Quick read. Focus on the new `--dry-run` flag, which replaces the old env var.",
         S, "Quick read", points=("the new `--dry-run` flag",)),
    Case("en-look-at", "Deep read. Look at the retry loop and the backoff jitter.",
         D, "Deep read", points=("the retry loop", "the backoff jitter")),
    Case("en-note-how", "Worth a skim. Note how the cache key includes the dtype.",
         S, "Worth a skim", points=("how the cache key includes the dtype",)),
    Case("en-especially",
         "A quick look is enough, especially the new env var and how it is parsed.",
         S, "A quick look is enough", points=("the new env var", "how it is parsed")),
    Case("en-in-particular",
         "~10 min read. Worth a close read, in particular the lock ordering.",
         D, "Worth a close read", 10, points=("the lock ordering",)),
    # The rating phrase is the whole rating: "recommended" is part of it (it was "Deep dive"
    # when a table of phrases stopped at the longest phrase it knew).
    Case("en-between-not-split",
         "Deep dive recommended: watch for the interaction between the cache and the scheduler.",
         D, "Deep dive recommended", points=("the interaction between the cache and the scheduler",)),
    Case("en-letters",
         "Worth a skim. Key changes: (a) the config loader; (b) the schema validator.",
         S, "Worth a skim", points=("the config loader", "the schema validator")),
    Case("en-trailing-praise", "Skim it. The new test layout is worth studying.",
         S, "Skim it", points=("The new test layout",)),
    Case("en-read-with-purpose",
         "Worth a skim. Read it together with #123 to understand how the cache is invalidated.",
         S, "Worth a skim", points=("how the cache is invalidated",), references=("#123",)),
    Case("en-uppercase", "WORTH A CLOSE READ. Focus on the tokenizer.",
         D, "WORTH A CLOSE READ", points=("the tokenizer",)),
    Case("en-numbered-lines",
         "Worth a close read. Key points:\n1. the cache key includes the dtype\n"
         "2. eviction under memory pressure",
         D, "Worth a close read",
         points=("the cache key includes the dtype", "eviction under memory pressure")),
    # --- English: negative cases ---------------------------------------------------------------
    Case("en-safe-to-skip", "Safe to skip; the change only renames a test.", K, "Safe to skip"),
    Case("en-no-need-but-worth-a-look",
         "No need to read closely, but the test refactor is worth a look.",
         K, "No need to read closely", points=("the test refactor",)),
    Case("en-skipped-is-not-skip", "Not worth reading. This PR skipped CI.", K,
         "Not worth reading"),
    Case("en-skip-in-backticks", "The PR adds `should_skip_weight` handling. Skim it.",
         S, "Skim it"),
    Case("en-skip-connections", "Skip connections are now fused in the encoder; worth a close read.",
         D, "worth a close read"),
    Case("en-skipped-only", "This change skipped the warm-up and is worth a close read.",
         D, "worth a close read"),
    Case("en-timeout-not-minutes", "Worth a close read. The job times out after 5 minutes.",
         D, "Worth a close read"),
    Case("en-conditional-not-points",
         "Worth a close read; focus on the allocator. If you run X, wait for #77 before "
         "upgrading.",
         D, "Worth a close read", points=("the allocator",), references=("#77",)),
    Case("en-note-that-not-point", "Worth a close read. Note that this requires CUDA 12.",
         D, "Worth a close read"),
    Case("en-focus-noun-not-point", "Worth a close read. The PR's focus on latency is welcome.",
         D, "Worth a close read"),
    Case("en-pronoun-praise-not-point", "Worth a close read. This PR is worth studying.",
         D, "Worth a close read"),
    Case("en-unknown", "Adds a cache to the widget loader.", U, None),
    Case("en-wrapped-line-is-no-clause", "We\nskip the barrier now. Worth a skim.", S,
         "Worth a skim"),
    Case("en-non-skippable", "This makes the step non-skippable; worth a close read.", D,
         "worth a close read"),
    # --- English: reading time -----------------------------------------------------------------
    Case("en-minute-read", "A 10-minute read: read closely.", D, "read closely", 10),
    Case("en-min-dash", "Skim — 3 min.", S, "Skim", 3),
    Case("en-min-range", "Worth a close read (~15-20 min).", D, "Worth a close read", 20),
    # --- contrasts, nouns that look like advice, the PR as what is worth reading ------------
    Case("en-rather-than-negates-what-follows",
         "I'd give it a proper read rather than a skim.", D, "a proper read rather than a skim"),
    Case("en-dismissal-noun-after-preposition",
         "Falls back to the lock on a cache miss. Worth a close read.", D, "Worth a close read"),
    Case("zh-worth-reading-is-the-pr-itself",
         "单元测试可以不看。本期最值得细读的就是它。", D, "值得细读"),
    Case("en-a-mistake-not-to-read", "It would be a mistake not to read this carefully.", D,
         "It would be a mistake not to read"),
    Case("en-not-trouble-yourself", "I shouldn't trouble yourself with this one.", K,
         "shouldn't trouble yourself"),
    Case("en-part-not-to-gloss-over",
         "Skim it. The one part not to gloss over is the comparison of defaults.", S, "Skim it",
         points=("the comparison of defaults",)),
    Case("en-what-you-must-not-skim-past",
         "Worth a close read. What you must not skim past is how the pool is shut down.", D,
         "Worth a close read", points=("how the pool is shut down",)),
    Case("en-the-part-you-can-skip-is-no-point",
         "Skim it. What you can skip is the tests.", S, "Skim it"),
    Case("zh-most-used-separator-cuts-the-list",
         "值得精读。重点: A 的改动 ／ B 的映射 ／ C 的降级路径 | 背景见 #4639。", D, "值得精读",
         points=("A 的改动", "B 的映射", "C 的降级路径"), references=("#4639",)),
    Case("zh-arrow-ends-a-clause-and-is-no-change",
         "值得细读，约半小时 → 镜像第一次能当 volume 挂载。", D, "值得细读", 30),
    Case("zh-arrow-between-figures-is-a-change",
         "值得细读。CI 35 分钟 → 5 分钟。", D, "值得细读"),
    Case("zh-label-pointer-opens-a-list",
         "【怎么读】必读！【重点看】① 密钥长度的校验 ② 读取密钥的先后顺序 ③ 回退行为【扩展阅读】官方博客那篇。",
         D, "必读", points=("密钥长度的校验", "读取密钥的先后顺序", "回退行为")),
    Case("zh-label-pointer-inline",
         "【怎么读】选读。【可以看看】模板测试矩阵怎么覆盖分支。【顺带一提】冒烟测试要 12 分钟。", S,
         "选读", points=("模板测试矩阵怎么覆盖分支",)),
    Case("zh-rating-label-is-no-pointer",
         "【重点研读】这个 PR 改了调度器，预计需时 35 分钟。", D, "研读", 35),
    Case("en-plus-joins-two-points", "Skim it. Look at the match arm + the new snapshot test.",
         S, "Skim it", points=("the match arm", "the new snapshot test")),
    Case("en-look-hardest-at",
         "Worth a close read. Look hardest at the cache key and at the fallback path.", D,
         "Worth a close read", points=("the cache key", "the fallback path")),
    Case("en-verb-in-the-subject-then-is",
         "Worth a passing look. The one corner I'd glance at is the handling of squashed "
         "migrations.", S, "Worth a passing look",
         points=("the handling of squashed migrations",)),
    Case("zh-bar-ends-the-dismissal-clause", "直接跳过 | 例行版本号更新。", K, "跳过"),
    Case("zh-a-word-on-the-advice-is-no-object", "纯 toolchain bump，直接 skip 没毛病。", K,
         "skip"),
    Case("zh-emoji-opens-the-next-field",
         "📌 结论：可看可不看，三分钟左右 ✅ 看点：`transformExpression` 的遍历补丁 📝 其余改动全是测试用例。",
         S, "可看可不看", 3, points=("`transformExpression` 的遍历补丁",)),
    Case("zh-one-point-announced-keeps-its-and",
         "扫一眼就够。重点只有一个：local ref 与 prop 同步时如何避免双重触发。", S, "扫一眼就够",
         points=("local ref 与 prop 同步时如何避免双重触发",)),
    Case("zh-second-part-with-a-pronoun-is-one-point",
         "选读即可，八分钟左右。看的时候留意：`add_generation_prompt` 与它同时为真时抛错的那段判断。", S,
         "选读即可", 8, points=("`add_generation_prompt` 与它同时为真时抛错的那段判断",)),
    Case("zh-classical-ordinals-mark-a-list",
         "此乃本期之重，务必通读。读时须着眼：一曰编译器生成 `__annotate__` 之处；二曰描述符之缓存语义。",
         D, "务必通读", points=("编译器生成 `__annotate__` 之处", "描述符之缓存语义")),
    Case("zh-ge-ba-hours", "值得花个把小时认真过一遍。", D, "值得花个把小时认真过一遍", 60),
    Case("en-counsel-is-advice", "I'd counsel no more than a cursory reading.", S,
         "counsel no more than a cursory reading"),
    Case("en-ordinal-list-shares-its-preposition",
         "Worth a close read. Attend, first, to the lock order; second, to the error path.", D,
         "Worth a close read", points=("the lock order", "the error path")),
    Case("en-manner-before-the-list",
         "Worth a close read. Attend with particular care, first, to the arena allocator, "
         "second, to the locking discipline.", D, "Worth a close read",
         points=("the arena allocator", "the locking discipline")),
    Case("zh-pointed-list-inside-a-list-of-parts",
         "值得逐行精读。以下分点。第一，它解决什么问题：以往只在外层循环并行。第二，读的时候盯住这几处：（1）阈值判定；"
         "（2）累加器如何合并；（3）生成代码里 `#pragma omp` 的位置。第三，benchmark 要跑 25 分钟。",
         D, "值得逐行精读", points=("阈值判定", "累加器如何合并", "生成代码里 `#pragma omp` 的位置")),
    Case("zh-pointed-list-inside-a-headed-list",
         "强烈建议认真读完。以下分点：1. 做了什么——A 不再触发 graph break。2. 该看什么——一是代理变量的对应关系"
         "如何保持稳定，二是事件依赖怎样被翻译成图节点。", D, "强烈建议认真读完",
         points=("代理变量的对应关系如何保持稳定", "事件依赖怎样被翻译成图节点")),
    Case("en-range-across-units",
         "Worth a skim, anywhere from twenty-five minutes to three-quarters of an hour.", S,
         "Worth a skim", 45),
    Case("zh-range-across-units", "值得细读，十分钟到半小时。", D, "值得细读", 30),
    Case("en-a-fall-is-no-range", "Worth a skim. CI went from 35 minutes to 5 minutes.", S,
         "Worth a skim"),
    Case("en-any-verb-at-closing-a-label",
         "**Read this properly.** **Squint at:** the config detection; the sourcemap chaining.",
         D, "Read this properly", points=("the config detection", "the sourcemap chaining")),
    Case("en-attention-noun-after-the-is-no-pointer",
         "Worth a skim. Someone asked whether to deprecate it; the answer was no.", S,
         "Worth a skim"),
    Case("zh-hand-before-advice-is-no-point",
         "👉 不关心 sig-storage CI 的话可以忽略 | 把 timeout 从 5m 提到 10m。", K,
         "不关心 sig-storage CI 的话可以忽略"),
    Case("zh-strategy-holds-no-dismissal", "速读即可，3 分钟的事。👉 表格列宽的截断策略。", S, "速读即可",
         3, points=("表格列宽的截断策略",)),
    Case("zh-corner-bracket-labels",
         "「结论」粗读即可。「耗时」5 分钟。「重点」◆ `local` 选项移除之后，本地 ref 的同步时机。其余都是测试快照更新。",
         S, "粗读即可", 5, points=("`local` 选项移除之后，本地 ref 的同步时机",)),
    Case("zh-corner-bracket-pointer-list",
         "「结论」强烈建议逐行精读。「耗时」20 分钟左右，benchmark 要跑 15 分钟。「重点」▶ A 节点如何挂链 ▶ B 计数如何取代脏检查。",
         D, "强烈建议逐行精读", 20, points=("A 节点如何挂链", "B 计数如何取代脏检查")),
    Case("en-opening-parenthesis-is-a-label", "(skip) Mechanical reformat of ~900 files.", K,
         "skip"),
    Case("en-opening-parenthesis-with-time",
         "(deep read, ~35 min) This finishes the port. (The CI job took 50 min; ignore that.)",
         D, "deep read", 35),
    Case("zh-review-opinion-is-a-title", "评审意见：不建议投入审阅时间。升级后全量构建缩短。", K,
         "不建议投入审阅"),
    Case("zh-haoshi-is-the-time-given",
         "评审意见：建议精读，预计耗时约四十分钟。作者附带的系统测试单轮耗时约 90 分钟。", D, "建议精读", 40),
    Case("zh-paobudiao-is-no-run", "建议泡杯茶慢慢啃，四十分钟跑不掉。", D, "建议泡杯茶慢慢啃", 40),
    Case("en-en-dash-bullets",
         "**Call:** skim. **Eyes on:** – how `follow_symlinks` is threaded – the "
         "`dirs_exist_ok` default.", S, "skim",
         points=("how `follow_symlinks` is threaded", "the `dirs_exist_ok` default")),
    Case("en-aside-before-the-colon",
         "Worth a close read. Points to chew on (each was argued over): the method resolution; "
         "the prefit combination.", D, "Worth a close read",
         points=("the method resolution", "the prefit combination")),
    Case("zh-label-before-a-pointer-of-its-own",
         "「结论」值得认真啃。「重点」最值得细看的是 class 归一化比较，以及诊断代码如何被 tree-shake 掉。",
         D, "值得认真啃", points=("class 归一化比较", "诊断代码如何被 tree-shake 掉")),
    Case("zh-a-list-of-one-drops-its-marker",
         "建议泛读，约 10 分钟。审阅重点：（1）两个参数同时出现时的冲突检测。其余改动为帮助文本。", S, "建议泛读",
         10, points=("两个参数同时出现时的冲突检测",)),
    Case("en-why-read-gives-a-reason-not-points",
         "**Call:** skim. **Why read:** it is new public API. **Eyes on:** the default.", S,
         "skim", points=("the default",)),
    Case("en-en-dash-line-bullets",
         "**Call:** read it properly.\n**Eyes on:**\n– which thread may touch the counter\n"
         "– the merge path\n**Side note:** the TSAN job took 70 min.", D, "read it properly",
         points=("which thread may touch the counter", "the merge path")),
    Case("en-do-not-speed-through", "Worth a real sit-down; don't speed through it.", D,
         "don't speed through it"),
    Case("en-clear-your-calendar", "Clear your calendar. This is the one.", D,
         "Clear your calendar"),
    Case("en-counted-header-then-sentences",
         "Big one. Read it. Three things to stare at. The warning in `core/generic.py`. How "
         "references are tracked. Whether `to_numpy()` is a view. Cleanup continues in #57195.",
         D, "Read it", points=("The warning in `core/generic.py`", "How references are tracked",
                               "Whether `to_numpy()` is a view"), references=("#57195",)),
    Case("en-read-it-for",
         "Worth it. Read it for the dispatch table and the fallback when a kernel is missing.",
         D, "Worth it", points=("the dispatch table", "the fallback when a kernel is missing")),
    Case("yue-a-whole-hour-by-the-writer", "呢個好值得坐低慢慢睇，我估要成個鐘。", D, "值得坐低慢慢睇", 60),
    Case("yue-have-a-look", "快快手 scan 一下就得。唯一要睇吓嘅係 `applyCustomProfile` 點樣報錯。", S,
         "快快手 scan 一下就得", points=("`applyCustomProfile` 點樣報錯",)),
    Case("en-question-subject-names-nothing",
         "A light pass, eight minutes or so. Which part is worth studying? The flushed chunk.",
         S, "A light pass", 8),
    Case("en-counted-answer-to-a-question",
         "Give it a close read. So where should your eyes go? Three spots: the tick check; the "
         "doc example; the clear.", D, "a close read",
         points=("the tick check", "the doc example", "the clear")),
    Case("zh-one-by-one-and-roughly-a-figure", "高优先级，值得一行一行看，大概 twenty minutes。", D,
         "值得一行一行看", 20),
    Case("zh-parenthesized-digits",
         "【定级】精读。【看点】⑴ 约束表如何保证语义 ⑵ 阈值的默认取值 ⑶ 计划变化的兼容性处理。", D, "精读",
         points=("约束表如何保证语义", "阈值的默认取值", "计划变化的兼容性处理")),
    Case("en-and-on-repeats-the-preposition",
         "Worth a slow read. Keep an eye on the guard that keeps a dropped receiver asleep, and "
         "on the ordering guarantee.", D, "Worth a slow read",
         points=("the guard that keeps a dropped receiver asleep", "the ordering guarantee")),
    Case("en-a-reading-label-valued-by-sufficiency",
         "**Call:** skim. **Reading:** the description will do. **Eyes on:** the fallback.",
         S, "skim",
         points=("the fallback",)),
    Case("en-parts-that-will-header",
         "Worth a close read. The bits that will haunt your dreams: the macros; the read path.",
         D, "Worth a close read", points=("the macros", "the read path")),
    Case("en-parts-that-changed-is-a-description",
         "Worth a skim. The parts that changed: the parser; the lexer.", S, "Worth a skim"),
    Case("zh-reading-something-when-says-when",
         "值得逐行精读。读代码时重点看 `Prefix::Concat` 如何处理边界，以及 `Node::Vacuum` 的回收逻辑。", D,
         "值得逐行精读", points=("`Prefix::Concat` 如何处理边界", "`Node::Vacuum` 的回收逻辑")),
    Case("en-the-piece-we-would-glance-at",
         "A light skim. The piece we'd glance at is the fallback for owners in another renderer.",
         S, "A light skim", points=("the fallback for owners in another renderer",)),
    Case("en-it-took-us-is-the-reading", "It took us two minutes to read.", S, "two minutes", 2),
    Case("en-the-build-took-us-is-no-reading", "Worth a skim. The build took us 40 minutes.", S,
         "Worth a skim"),
    Case("zh-an-answer-list-of-semicolons",
         "问：值得看吗？答：值得快速过一遍。问：要盯什么？答：首次调用时重置计时器的时机；与 ResetTimer 混用时的行为。",
         S, "值得快速过一遍", points=("首次调用时重置计时器的时机", "与 ResetTimer 混用时的行为")),
    Case("en-an-answer-with-one-semicolon-comments",
         "Worth a skim. What is still open? Whether enums need the same; the author thinks not.",
         S, "Worth a skim", points=("Whether enums need the same",)),
    Case("zh-a-point-in-quotes-of-its-own", "建议逐行细读。重点关注：「静态子树如何提升」；「事件委托的实现」。",
         D, "建议逐行细读", points=("静态子树如何提升", "事件委托的实现")),
    Case("en-review-with-a-manner-is-reading", "Review thoroughly, roughly 12 minutes.", D,
         "Review thoroughly", 12),
    Case("en-the-review-is-a-part", "The review was long. Worth a skim.", S, "Worth a skim"),
    # --- references ----------------------------------------------------------------------------
    Case("refs-dedupe-and-order", "值得精读。见 #49013，另见 #50000 与 #49013。", D, "值得精读",
         references=("#49013", "#50000")),
    Case("refs-not-colours-or-code",
         "值得精读。颜色从 #ff0000 改为 #00ff00，修复 &#123; 实体，`#999` 只是注释，PR#321 是后续。",
         D, "值得精读", references=("#321",)),
    Case("refs-other-repo", "Worth a skim. Follows up vllm-project/vllm#50000.", S,
         "Worth a skim", references=("vllm-project/vllm#50000",)),
)

CASE_IDS = [case.key for case in CASES]
REPO = "acme/widgets"


def _title(case: Case) -> str:
    return f"Case {case.key}"


def _plain(cases: tuple[Case, ...]) -> str:
    body = "\n\n".join(f"{_title(c)}\n\n{c.text}" for c in cases)
    return f"{REPO}\n\n{body}\n"


def _markdown(cases: tuple[Case, ...]) -> str:
    body = "\n\n".join(f"## {_title(c)}\n\n{c.text}" for c in cases)
    return f"# {REPO}\n\n{body}\n"


def _messy(digest: str) -> bytes:
    """BOM, CRLF, full-width spaces after every line, whitespace-only blank lines."""
    lines = [line + "\u3000 " if line else " \t\u3000" for line in digest.split("\n")]
    return ("\ufeff" + "\r\n".join(lines)).encode("utf-8")


FORMATS: dict[str, Callable[[tuple[Case, ...]], bytes]] = {
    "plain": lambda cases: _plain(cases).encode("utf-8"),
    "plain-messy": lambda cases: _messy(_plain(cases)),
    "markdown": lambda cases: _markdown(cases).encode("utf-8"),
    "markdown-messy": lambda cases: _messy(_markdown(cases)),
}


@pytest.fixture(scope="module")
def parsed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, dict[str, object]]]:
    """Every case in every format through `digest2notes parse --json`, keyed by format, title."""
    home = tmp_path_factory.mktemp("home")
    config = home / "empty.toml"
    config.write_text("", encoding="utf-8")
    env = {"HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config")}
    results: dict[str, dict[str, dict[str, object]]] = {}
    for name, render in FORMATS.items():
        folder = tmp_path_factory.mktemp(name)
        suffix = ".md" if name.startswith("markdown") else ".txt"
        path = folder / f"digest-2026-11-28{suffix}"
        path.write_bytes(render(CASES))
        result = CliRunner().invoke(
            main,
            ["--config", str(config), "parse", "--json", "--quiet", str(path)],
            env=env,
            catch_exceptions=False,
        )
        assert result.exit_code == 0, result.output
        entries = json.loads(result.stdout)
        results[name] = {entry["title"]: entry for entry in entries}
    return results


@pytest.mark.parametrize("layout", list(FORMATS))
def test_every_case_is_one_entry(
    parsed: dict[str, dict[str, dict[str, object]]], layout: str
) -> None:
    assert sorted(parsed[layout]) == sorted(_title(c) for c in CASES)


@pytest.mark.parametrize("layout", list(FORMATS))
@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_case_through_the_cli(
    parsed: dict[str, dict[str, dict[str, object]]], layout: str, case: Case
) -> None:
    entry = parsed[layout][_title(case)]
    assert entry["text"] == case.text
    assert (entry["verdict"], entry["verdict_text"]) == (case.verdict.value, case.verdict_text)
    assert entry["minutes"] == case.minutes
    assert tuple(entry["focus_points"]) == case.points  # type: ignore[arg-type]
    # The entry follows the key ("#N" whatever the repository); the appearance keeps the owner.
    bare = tuple(sorted({"#" + ref.rsplit("#", 1)[1] for ref in case.references}))
    assert tuple(entry["references"]) == bare  # type: ignore[arg-type]
    [appearance] = entry["appearances"]  # type: ignore[misc]
    assert tuple(appearance["references"]) == case.references


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_case_through_analyse(case: Case) -> None:
    """The same expectations straight through the library, with and without the memo."""
    for result in (analyse(case.text), analyse_uncached(case.text)):
        assert result == Analysis(
            case.verdict, case.verdict_text, case.minutes, case.points, case.references
        )


# --- the old phrase table, read by the cue classes --------------------------------------------

def test_every_phrase_of_the_old_table_is_read_as_it_was_meant() -> None:
    """Alone, after a description, and never from inside inline code."""
    wrong = []
    for phrase, verdict in VERDICT_PHRASES:
        ending = "." if phrase[-1].isascii() else "。"
        lead = "The diff is tiny; " if phrase[0].isascii() else "这是一个很小的改动，"
        found, text = find_verdict(phrase + ending)
        if found is not verdict or text is None or text not in phrase:
            wrong.append((phrase, "alone", found.value, text))  # the span may drop an adverb
        if find_verdict(lead + phrase + ending)[0] is not verdict:
            wrong.append((phrase, "after a description"))
        if find_verdict(f"`{phrase}` is an identifier") != (U, None):
            wrong.append((phrase, "in code"))
    assert wrong == []


def test_the_regression_corpus_is_large_and_bilingual() -> None:
    assert len(VERDICT_PHRASES) > 1000
    for verdict in (D, S, K):
        phrases = [p for p, v in VERDICT_PHRASES if v is verdict]
        assert any(p.isascii() for p in phrases) and any(not p.isascii() for p in phrases)


@pytest.mark.parametrize(
    "phrase",
    ["值得精读", "强烈推荐精读", "推荐细读", "建议精读", "建议通读", "必读", "值得细读", "推荐精读",
     "值得一读", "Worth a close read", "Recommended for a careful read", "Must read", "Must-read",
     "Read closely", "Deep read"],
)
def test_deep_phrases_from_the_issue(phrase: str) -> None:
    assert find_verdict(f"{phrase}。其余略。") == (D, phrase)


@pytest.mark.parametrize(
    "phrase",
    ["建议快速阅读", "值得快速浏览", "可以略读", "扫一眼即可", "略读即可", "快速浏览即可", "粗读",
     "浏览即可", "了解即可", "Skim", "Worth a skim", "A quick look is enough", "Quick read"],
)
def test_skim_phrases_from_the_issue(phrase: str) -> None:
    assert find_verdict(f"{phrase}。其余略。") == (S, phrase)


@pytest.mark.parametrize(
    "phrase",
    ["无需精读", "可跳过", "不必细看", "不必精读", "无需细读", "可略过", "跳过", "Skip",
     "Safe to skip", "Not worth reading", "No need to read closely"],
)
def test_skip_phrases_from_the_issue(phrase: str) -> None:
    assert find_verdict(f"{phrase}。其余略。") == (K, phrase)


def test_negations_beat_the_positive_words_they_contain() -> None:
    """Every skip phrase of the corpus that contains a deep or skim phrase still reads as skip."""
    positives = [p.lower() for p, v in VERDICT_PHRASES if v in (D, S)]
    checked = 0
    for phrase, verdict in VERDICT_PHRASES:
        if verdict is K and any(p in phrase.lower() for p in positives):
            ending = "." if phrase[-1].isascii() else "。"
            assert find_verdict(phrase + ending)[0] is K, phrase
            checked += 1
    assert checked > 50


@pytest.mark.parametrize(
    "text",
    ["We skip the barrier when the batch is empty.", "The flag `--skip` is new.",
     "Tests were skipped on CPU.", "该 PR 让调度器跳过空批次。", "浏览器端的渲染改了。",
     "性能开销可以忽略不计。", "Skip-list lookups are faster now."],
)
def test_words_that_only_look_like_verdicts(text: str) -> None:
    assert find_verdict(text) == (U, None)


def test_extra_phrases_from_the_config() -> None:
    text = "周会议题：建议关注 `Scheduler` 的改动。"
    assert find_verdict(text) == (U, None)
    assert find_verdict(text, {"周会议题": D}) == (D, "周会议题")
    # Config values may arrive as plain strings; unknown values and blank phrases are ignored.
    assert find_verdict(text, {"周会议题": "skim"}) == (S, "周会议题")  # type: ignore[dict-item]
    assert find_verdict(text, {"周会议题": "maybe", "  ": D}) == (U, None)  # type: ignore[dict-item]
    # An extra phrase overrides the built-in reading of the same words.
    assert find_verdict("Skim.", {"skim": K}) == (K, "Skim")
    assert find_verdict("团队必看：缓存设计。", {"团队必看": S}) == (S, "团队必看")
    # Still never inside code, and the analysis carries it through.
    assert find_verdict("`周会议题`", {"周会议题": D}) == (U, None)
    result = analyse(text, {"周会议题": D})
    assert (result.verdict, result.verdict_text) == (D, "周会议题")
    assert result.focus_points == ("`Scheduler` 的改动",)


def test_extra_phrases_compile_once_per_distinct_set() -> None:
    from digest2notes.parsing import scanner as lexicon

    first = lexicon._extra_matcher(frozenset({"周会议题"}))
    assert lexicon._extra_matcher(frozenset({"周会议题"})) is first
    assert lexicon._extra_matcher(frozenset({"周会议题", "x"})) is not first


@pytest.mark.parametrize(
    "text,masked",
    [("a`b`c", "a`\ue000`c"), ("`x", "`x"), ("a`b`c`d", "a`\ue000`c`d"),
     ("``a``b", "``\ue000``b"), ("`a` ``b``", "`\ue000` ``\ue000``"), ("```", "```"),
     ("``a`b``", "``\ue000\ue000\ue000``")],
)
def test_inline_code_is_masked_as_commonmark_pairs_backticks(text: str, masked: str) -> None:
    from digest2notes.parsing.text import mask_code_spans

    assert mask_code_spans(text) == masked


# --- reading time --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text,minutes",
    [("值得快速浏览（约 5 分钟）。", 5), ("Skim (about 5 minutes).", 5), ("~10 min read.", 10),
     ("A 10-minute read.", 10), ("快速浏览，5 分钟足够。", 5), ("阅读约 10 分钟。", 10),
     ("Worth a close read, about 20 minutes.", 20), ("值得精读，需要半小时。", 30),
     ("耗时 15 s。", None), ("运行 5 分钟的压测。", None), ("timeout after 5 minutes", None),
     ("Tests run for 5 minutes; worth a skim.", None), ("约 15 分钟。", None),
     ("The minimal fix; worth a skim.", None), ("Quick read — 3 min.", 3)],
)
def test_minutes(text: str, minutes: int | None) -> None:
    assert analyse(text).minutes == minutes


def test_minutes_next_to_the_verdict_need_no_reading_word() -> None:
    """ "（约 20 分钟）" counts beside the verdict. Alone, a time of twenty minutes or more
    (or ten or less) rates the paragraph and is its reading time; one in between says
    nothing."""
    assert analyse("约 15 分钟。").minutes is None
    assert analyse("约 20 分钟。").minutes == 20
    assert analyse("必看（约 15 分钟）。").minutes == 15


@pytest.mark.parametrize(
    "text,minutes",
    [("- **Grade:** B, worth a skim\n- **Time:** 8 min", 8),
     ("- **Grade:** A\n- **Reading time** — about 15 min", 15),
     ("值得精读。时间：20 分钟。", 20), ("值得精读。耗时：约 12 分钟。", 12),
     ("Worth a skim.\n- **CI time:** 12 min", None), ("Worth a skim. Build time: 12 min.", None),
     ("- **Time:** 9 min of CI on the Linux job", None)],
)
def test_a_time_label_names_the_reading_time(text: str, minutes: int | None) -> None:
    """A label that names a time and nothing else gives the reading time, wherever the
    rating is; a label naming something else ("CI time") or a process beside it does not."""
    assert analyse(text).minutes == minutes


def test_a_duration_before_the_rating_is_the_reading_time() -> None:
    """Writers put the estimate on either side of the rating ("约十二分钟。建议：精读")."""
    assert analyse("阅读要点：A、B。约十二分钟。建议：精读。").minutes == 12
    assert analyse("About ten minutes. Worth a close read.").minutes == 10
    # However far from the rating: a bare estimate in a rated paragraph is its reading time.
    assert analyse("约 5 分钟。这里不评价。随便看看就好。").minutes == 5


def test_a_trailing_ceiling_makes_a_lone_duration_the_reading_time() -> None:
    text = "6/10, skim it. The PR adds a deferred column expression. Ten minutes, tops."
    assert analyse(text).minutes == 10
    assert analyse("It changes the parser. Fifteen minutes.").minutes is None


def test_a_field_list_is_a_layout_and_its_pointer_fields_open_lists() -> None:
    """An entry written as "- **Label:** value" fields: the fields are not points, and a
    pointer field gives its value, or the numbered list under it, without the markup."""
    text = (
        "- **Grade:** A, read the whole thing\n- **Time:** 20 min\n- **Look at:**\n"
        "  1. the attribute expansion\n  2. the initialisation order\n- **Refs:** #14791"
    )
    found = analyse(text)
    assert found.focus_points == ("the attribute expansion", "the initialisation order")
    assert found.minutes == 20
    other = analyse("- **Grade:** B, a glance\n- **Glance at:** the hex parser. It is short.")
    assert other.focus_points == ("the hex parser",)


def test_a_bullet_list_under_a_pointer_is_still_a_list() -> None:
    text = "Worth a close read. Look at:\n- **retry**: the budget\n- **backoff**: the jitter"
    assert len(analyse(text).focus_points) == 2


def test_a_remark_label_and_a_grade_before_worth_are_not_points() -> None:
    """ "CI note:" labels a remark ("note" the noun); "B / worth a skim" rates, and English
    praise needs its copula ("X is worth studying")."""
    text = "- **Grade:** B / worth a skim\n- **CI note:** the stress test adds 6 minutes"
    assert analyse(text).focus_points == ()
    assert analyse("Worth a skim. Things to note: the retry budget.").focus_points == (
        "the retry budget",
    )


def test_a_counted_object_before_a_comma_opens_the_list_it_counts() -> None:
    """ "值得细看的地方有三处，一是…": the count stands where a colon would, and the last
    item is cut before the rating that comments on it from its end."""
    text = (
        "这个 PR 改了补全，值得细看的地方有三处，一是 A 的映射，二是 B 的回退分支，"
        "三是 C 的时机（值得逐行抠，留出半个钟头）"
    )
    found = analyse(text)
    assert found.focus_points == ("A 的映射", "B 的回退分支", "C 的时机")
    assert found.minutes == 30


@pytest.mark.parametrize(
    "text,points",
    [("Worth a skim. The thing to notice is the late binding of the expression.",
      ("the late binding of the expression",)),
     ("Read it deeply. The points to study are (i) how the queue works, (ii) the opcode.",
      ("how the queue works", "the opcode")),
     ("Dig in. Spend the attention on the owner handoff, the drain path and the assertion.",
      ("the owner handoff", "the drain path", "the assertion")),
     ("Skim it. The part to look at is the parser.", ("the parser",))],
)
def test_an_english_pointer_in_a_subject_or_as_spent_attention(
    text: str, points: tuple[str, ...]
) -> None:
    """ "The N to VERB is/are X" and "spend the attention on X" point without advising."""
    assert analyse(text).focus_points == points


def test_a_chinese_series_ends_where_a_remark_starts() -> None:
    """ "要盯住这几样：A、B、C，另外作者提醒…": the plain comma after a 、-series starts the
    writer's remark, which is no part of the last item."""
    text = "要静下心来细读。读的时候要盯住这几样：A 的行宽记录、B 里的边界判断、C 的重新定位，另外作者提醒 D 还没对齐"
    assert analyse(text).focus_points == ("A 的行宽记录", "B 里的边界判断", "C 的重新定位")


def test_a_bracketed_list_right_after_a_pointer_is_its_object() -> None:
    """Chinese puts no space before "（1）", and the markers end clauses, so a rating
    read nearby never runs across the list."""
    text = "請逐段細讀。閱讀時請特別留意（1）甲如何不漏觸發（2）乙被 drop 時怎樣取消（3）丙的清理順序。"
    assert analyse(text).focus_points == ("甲如何不漏觸發", "乙被 drop 時怎樣取消", "丙的清理順序")
    assert analyse("Skim it. f(1) and f(2) are equal.").focus_points == ()


def test_a_verb_of_merit_makes_a_counted_header_point() -> None:
    """ "Three spots deserve your squinting:" says why the parts are listed, as "repay"
    does; "The changes fall into three groups:" still describes."""
    text = ("Block off an hour. Three spots deserve your squinting: first, how A grows; "
            "then, where B is updated; finally, the new C path.")
    assert analyse(text).focus_points == ("how A grows", "where B is updated", "the new C path")
    assert analyse("Skim it. The changes fall into three groups: A; B; C.").focus_points == ()


@pytest.mark.parametrize(
    "text,points",
    [("编码格式、字段选择规则、读取时如何拼回 Variant，这三块请一定看仔细。本期最值得精读的一篇。",
      ("编码格式", "字段选择规则", "读取时如何拼回 Variant")),
     ("Worth a close read. The retry budget, the backoff jitter and the new clock — that's "
      "what you should be reading closely.", ("The retry budget", "the backoff jitter", "the new clock")),
     ("值得一看。crater 跑了两轮、每轮大约 40 小时，这部分数字看看就好。", ()),
     ("值得一看。改了 A、B，这两处都是小改动。", ())],
)
def test_a_list_stated_first_and_referred_back_to(text: str, points: tuple[str, ...]) -> None:
    """The advice after its object ("…，这三块请一定看仔细"): the sentence before the
    back-reference is the list, unless the advice is light or there is none."""
    assert analyse(text).focus_points == points


def test_sample_digest_files_read_in_both_layouts_alike(tmp_path: Path) -> None:
    """The same cases in the plain and Markdown layouts give identical analyses."""
    plain = tmp_path / "a.txt"
    markdown = tmp_path / "b.md"
    plain.write_text(_plain(CASES[:10]), encoding="utf-8")
    markdown.write_text(_markdown(CASES[:10]), encoding="utf-8")
    runner = CliRunner()
    outputs = []
    for path in (plain, markdown):
        result = runner.invoke(main, ["parse", "--json", "-q", str(path)], catch_exceptions=False)
        assert result.exit_code == 0
        outputs.append(
            [{k: e[k] for k in ("title", "verdict", "minutes", "focus_points", "references")}
             for e in json.loads(result.stdout)]
        )
    assert outputs[0] == outputs[1]


# --- pointers on either side of a copula, questions, verbs with their prepositions -----------
@pytest.mark.parametrize(
    ("text", "points"),
    [("Skim it. The lock-free queue in `ring.c` is the piece most worth your scrutiny.",
      ("The lock-free queue in `ring.c`",)),
     ("Read it. The new cache key is the one worth your attention.", ("The new cache key",)),
     ("Worth a look. The config loader, that is the bit I would study.", ("The config loader",)),
     ("值得细读，约二十分钟。缓存失效的判定是整个 PR 最值得琢磨的地方。", ("缓存失效的判定",)),
     ("此条列为选读。窃以为调度器回溯作用域链的写法不失为可资借鉴之处。", ("调度器回溯作用域链的写法",)),
     ("Quick look. The one part I'd actually read is the migration shim.", ("the migration shim",)),
     ("Study it. The only piece that really rewards attention is the parser's error recovery.",
      ("the parser's error recovery",)),
     # descriptions and dismissals point nowhere
     ("Skim. The only part that changed is the CLI parser.", ()),
     ("Skim. The cause is the check for empty tensors, which was inverted.", ()),
     ("Skip. The rename is the part you can safely ignore.", ()),
     ("The clock is installed first, which is the entire trick.", ()),
     ("Of everything this week, this is the one I'd read line by line.", ())],
)
def test_a_copula_ties_a_part_to_its_attention(text: str, points: tuple[str, ...]) -> None:
    """The pointer after its object in the predicate, or in a subject singling a part out."""
    assert analyse(text).focus_points == points


@pytest.mark.parametrize(
    ("text", "points"),
    [("Worth reading. What should you study? The retry loop and the backoff table.",
      ("The retry loop", "the backoff table")),
     ("Read closely. Which parts repay attention? (a) the lexer; (b) the cache.",
      ("the lexer", "the cache")),
     ("值得细读。看点在哪？在调度器的抢占逻辑。", ("调度器的抢占逻辑",)),
     ("Is it worth your time? Yes, a skim.", ()),
     ("Should you look at the tests? Not really.", ()),
     ("Anything worth noting? Nothing at all.", ())],
)
def test_a_question_that_asks_what_to_look_at_is_answered_next(
    text: str, points: tuple[str, ...]
) -> None:
    assert analyse(text).focus_points == points


@pytest.mark.parametrize(
    ("text", "points"),
    [("Light read. Look hard at the cache key and the eviction order.",
      ("the cache key", "the eviction order")),
     ("Skim. Glance at the retry helper; its comment says why.", ("the retry helper",)),
     ("值得一看。瞄一眼 `foo.c` 里那个循环就够了。", ("`foo.c` 里那个循环",)),
     ("随便看看。看一下 `bar()` 的实现即可。", ("`bar()` 的实现",)),
     ("Skim. The reader may wish to note the new example for stacked vectors.",
      ("the new example for stacked vectors",)),
     ("选读；主要看路由里的参数校验与排序字段白名单两处。", ("路由里的参数校验", "排序字段白名单")),
     ("推荐。最耐看的是 `verify()` 里判断残留键的那段循环。", ("`verify()` 里判断残留键的那段循环",)),
     ("Skim it, mostly for the new error type, then move on.", ("the new error type",)),
     ("推荐。另外 `Request.Path` 的实现也可以看看。", ("`Request.Path` 的实现",)),
     # negated, narrated, for a group of readers, or only how to read it all
     ("No need to read it unless you maintain a theme.", ()),
     ("推荐细读。作者加了一道检查：只有追上日志才能提升。", ()),
     ("推荐。有兴趣的读者可以看看 review 里的讨论。", ()),
     ("快速浏览即可。以前只在启动时读一次配置，现在每次请求都读。", ()),
     ("Glance at the NEWS entry and move on.", ()),
     ("推荐。这个函数读的是缓存里的值。", ())],
)
def test_verbs_point_with_their_object_where_they_advise(
    text: str, points: tuple[str, ...]
) -> None:
    assert analyse(text).focus_points == points


@pytest.mark.parametrize(
    ("text", "points"),
    [("P0. The parts that matter: the shim's mapping — the merge order — the error shown.",
      ("the shim's mapping", "the merge order", "the error shown")),
     ("Read: closely. Focus: a. the validation loop b. how credentials are scoped c. the audit.",
      ("the validation loop", "how credentials are scoped", "the audit")),
     ("推荐。建议留意 token 刷新由谁负责以及 `jaas` 在 secrets 里的存放方式。",
      ("token 刷新由谁负责", "`jaas` 在 secrets 里的存放方式")),
     ("推荐细读。亮点在 `append` 的合并逻辑和超出上限后截断提示的交互。",
      ("`append` 的合并逻辑", "超出上限后截断提示的交互")),
     ("推荐细读。请详察 `Manager` 之载入顺序及 `Checker` 对泛型参数之检查。",
      ("`Manager` 之载入顺序", "`Checker` 对泛型参数之检查")),
     ("**建议**：细读。**看点** 在 `Foo` 的锁和 `Bar` 的回收。", ("`Foo` 的锁", "`Bar` 的回收")),
     ("⭐⭐⭐⭐ 推荐细读，尤其是重试逻辑的退避策略。", ("重试逻辑的退避策略",)),
     ("- **Verdict:** deep\n- **Time:** 20 min\n- **Focus:**\n- the lock order\n- the retry table",
      ("the lock order", "the retry table")),
     ("推荐细读。要点：协调者如何判定一个副本慢；对同一条历史的对齐方式。",
      ("协调者如何判定一个副本慢", "对同一条历史的对齐方式")),
     # what is left to do, and what the PR did, are no focus
     ("新增了分布。作者说后面还要补三件事：一是注册，二是单测，三是示例图。", ()),
     ("Skip. The change (a) deletes the symbols, (b) makes the option an error.", ())],
)
def test_lists_are_cut_by_what_they_use(text: str, points: tuple[str, ...]) -> None:
    assert analyse(text).focus_points == points


@pytest.mark.parametrize(
    ("text", "points"),
    [("Deep read. Go straight to the scheduler changes in `sched.c`.",
      ("the scheduler changes in `sched.c`",)),
     ("Read it closely. Start with the new trait, then the blanket impl.",
      ("the new trait", "the blanket impl")),
     ("Worth it. Begin with the migration guide and move to the codec.",
      ("the migration guide", "the codec")),
     ("细读。从 `Encoder` 的新接口看起，再看兼容层。", ("`Encoder` 的新接口", "兼容层")),
     ("Skip. If you must, start with the changelog.", ()),
     ("The PR starts with a refactor, then adds the flag.", ()),
     ("从日志看，问题在于锁。", ())],
)
def test_a_route_through_the_pr_is_a_reading_order(text: str, points: tuple[str, ...]) -> None:
    """ "Go straight to X", "Start with X, then Y": where the reading goes, without a
    word of attention; not under a condition, nor a description of the PR."""
    assert analyse(text).focus_points == points


@pytest.mark.parametrize(
    ("text", "verdict"),
    [("这篇作为选读材料放在这里。", S),  # 选读 is a reading: an elective one
     ("其中迁移脚本那一节可以跳过。整体值得精读。", D),  # 其中: only a part is skipped
     ("纯重命名，跳过这个。", K),  # a demonstrative ending its clause is the entry
     ("跳过这个函数的注释，重点看调度。", U),  # …but not with a noun after it
     ("除非你在维护 Windows 安装包，否则不用理。", K),
     ("呢个 PR 唔使理。", K),  # Cantonese 呢个 is 这个
     ("Honestly it deserves to study slowly, every file.", D),
     ("Not glamorous, but worth going deep on.", D),
     ("Verdict: dive.", D)],
)
def test_ratings_made_of_the_words_they_hold(text: str, verdict: Verdict) -> None:
    assert analyse(text).verdict is verdict


def test_a_summary_label_opens_no_list() -> None:
    text = ("Gist: the pool now drains idle sockets, and a retry waits for it. "
            "Eyes on: the drain order | the retry limit. Call: dive.")
    assert analyse(text).focus_points == ("the drain order", "the retry limit")


@pytest.mark.parametrize(
    ("text", "points"),
    [("Worth a read. The parts I'd slow down on: the lock order, the retry cap.",
      ("the lock order", "the retry cap")),
     ("Deep. Of most interest, to my mind, are the codec table and the fallback.",
      ("the codec table", "the fallback")),
     ("Skim it. Eyeball the changelog note and you're set.", ("the changelog note",)),
     ("Skim. The tests are boring, just peep 'em and move on.", ()),
     ("Read closely. Dwell on the parser's recovery path.", ("the parser's recovery path",))],
)
def test_pointers_in_a_writers_own_words(text: str, points: tuple[str, ...]) -> None:
    """A task given to a noun of parts ("The parts I'd…:"), an aside before "are", an
    attention verb of the writer's; a consequence ("and you're set") or a pronoun
    ("'em") is no point."""
    assert analyse(text).focus_points == points


@pytest.mark.parametrize(
    ("text", "verdict"),
    [("Read it? Quickly, five minutes.", S),  # the question asks; its answer rates
     ("Read it? Yes, all of it, slowly.", D),
     ("Skim (a rename; how deep could it possibly go?).", S)],  # an aside that asks
)
def test_a_question_does_not_rate_for_its_answer(text: str, verdict: Verdict) -> None:
    assert analyse(text).verdict is verdict


def test_a_code_span_wrapped_over_two_lines_keeps_the_paragraph_wrapped() -> None:
    """A hard-wrapped paragraph whose code span crosses a line: its line breaks are still
    spaces, so a list item that crosses a line is one item."""
    text = (
        "Read closely. The PR lets a model declare `key =\n"
        "models.Composite(\"tenant\", \"id\")`, and the ORM then treats the tuple as\n"
        "the primary key for lookups and for the admin's change URLs in every view.\n"
        "Three things deserve the slow read: how the lookups are expanded into\n"
        "filters of columns; why a foreign key to such a model is still refused;\n"
        "what the autodetector does when a model gains a key of this kind later."
    )
    points = tuple(" ".join(point.split()) for point in analyse(text).focus_points)
    assert points == (
        "how the lookups are expanded into filters of columns",
        "why a foreign key to such a model is still refused",
        "what the autodetector does when a model gains a key of this kind later",
    )


@pytest.mark.parametrize(
    ("text", "verdict"),
    [("The other must-read this week.", D),
     ("The second must-read of the week.", D),
     ("本周必读。", D)],
)
def test_a_time_after_a_rating_noun_is_no_object(text: str, verdict: Verdict) -> None:
    assert analyse(text).verdict is verdict


def test_a_side_note_is_no_pointer() -> None:
    text = "Deep read. (A side note, not a tip: the new tests add six minutes to a run.)"
    assert analyse(text).focus_points == ()


@pytest.mark.parametrize(
    ("text", "verdict", "points"),
    [("**Gist** — the cache moves to a new hash. **Eyes** — 🔍 the hash of a block.",
      U, ("the hash of a block",)),
     ("Gist: the pool now drains sockets first. Skip unless you run the proxy.", K, ()),
     ("Gist only, two minutes.", S, ()),
     ("粗看即可。代码只要看 `retry()` 里新加的分支就行。", S, ("`retry()` 里新加的分支",))],
)
def test_labels_and_glyphs_of_a_writers_scheme(
    text: str, verdict: Verdict, points: tuple[str, ...]
) -> None:
    """A summary label neither rates nor points; a magnifying glass points; a topic may
    stand before "只要看 X"."""
    result = analyse(text)
    assert (result.verdict, result.focus_points) == (verdict, points)


@pytest.mark.parametrize(
    ("text", "verdict"),
    [("I'd let this one lie unless you still run the Oracle backend.", K),
     ("This can sit on the shelf unless one maintains a downstream fork.", K),
     ("No need to open it, unless your CI still builds on Windows 7.", K),
     ("若非维护打包脚本者，大可束之高阁。", K),
     ("如果你不用 Windows，这条随它去。", K),
     # a rating in words, or a pointer for everyone, is read as it is
     ("Read it closely unless you already know the protocol.", D),
     ("The flag refuses a bump unless every broker supports it.", U)],
)
def test_an_exception_for_some_readers_leaves_the_rest_a_skip(
    text: str, verdict: Verdict
) -> None:
    assert analyse(text).verdict is verdict


@pytest.mark.parametrize(
    ("text", "verdict", "minutes"),
    [("Gist: a new retry helper. Clock: 5m (tops). Call: glance.", S, 5),
     ("A side dish; eight minutes or so covers it.", S, 8),
     ("Light. A quick once-over does the job.", S, None)],
)
def test_a_clock_label_and_words_of_sufficiency(
    text: str, verdict: Verdict, minutes: int | None
) -> None:
    result = analyse(text)
    assert (result.verdict, result.minutes) == (verdict, minutes)

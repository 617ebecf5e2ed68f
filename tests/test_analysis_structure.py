"""Verdicts and minutes read from a paragraph's structure, not from its words alone.

Made-up sentences, one kind each: a question and its answer, a negation that stops at a
bracket, a recommendation qualified later in its sentence, a part rated instead of the
whole, a duration that is or is not the reading time by where it stands.
"""

from __future__ import annotations

import pytest

from digest2notes.model import Verdict
from digest2notes.parsing.analysis import analyse_uncached

DEEP, SKIM, SKIP, UNKNOWN = Verdict.DEEP, Verdict.SKIM, Verdict.SKIP, Verdict.UNKNOWN


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        # a part named by a short question, rated in its answer, does not rate the whole
        ("The tests? Routine, glance at them. The change itself deserves a proper study "
         "session.", DEEP),
        # other reading, not this PR: "background, not required"
        ("Background, not required: the write-up on the blog. Read it closely.", DEEP),
        # a dismissal in its participle, standing as the verdict
        ("Dismissed, save for readers who maintain a fork.", SKIP),
        # formal review is reading: 审读, 审阅 (not 审阅者, the reviewer); "unmissable"
        ("建议委员会将该 PR 列入逐段审读之列。", DEEP),
        ("建议委员会不予审阅。", SKIP),
        ("审阅者提出了两个问题。", UNKNOWN),
        ("Docs diff is stale, ignore it. Unmissable otherwise.", DEEP),
        # a manner after a dismissal is no object of it
        ("This one you can skip without a second thought.", SKIP),
        ("This one you can skip safely.", SKIP),
        # how to take it, whatever the noun: "treat it as a quick X"
        ("Treat it as a careful climb; the tests are boilerplate.", DEEP),
        ("Treat it as a hint of what is coming in 2.0.", UNKNOWN),
        # a form: of the options on a line, the ticked one rates; empty boxes alone are a
        # to-do list, and rate as their words do
        ("☐ 逐行精读 ☑ 浏览一下就行。", SKIM),
        ("[x] deep read  [ ] skim", DEEP),
        ("[ ] Read it closely. [ ] Try the new flag.", DEEP),
        # the writer's own reading, not advice
        ("老师上课提过这个设计，这篇我还没仔细看。", UNKNOWN),
        ("I haven't read it closely yet.", UNKNOWN),
        ("我没想到这么简单，值得精读。", DEEP),
        # reviewing is reading; "the review" is a part, and rates nothing alone
        ("The reader is under no obligation to review this change.", SKIP),
        ("Worth reviewing carefully.", DEEP),
        ("The review went three rounds.", UNKNOWN),
        # other reading rated alone does not rate the entry
        ("Budget fifteen minutes. Background, not required: the blog write-up.", UNKNOWN),
        ("定级：参阅件，浏览即可，用时约 8 分钟。", SKIM),
        # a rating whose colon introduces a thing rates that thing, not the whole
        ("Skim the listing, ten minutes. From the Q&A, worth reading: why a mixed list is "
         "rejected.", SKIM),
        ("Read it closely: the scheduler is rewritten.", DEEP),
        # questions and their answers
        ("Should you read this one line by line? No. It is a version bump.", SKIP),
        ("Do we need to read it together? Not really, the diff is two lines.", SKIP),
        ("Skim it? No, read it closely.", DEEP),
        ("So, skim it? Not one to skim: read it through.", DEEP),
        ("Skimmable? No. Study it.", DEEP),
        ("Worth your time? Only if you maintain the ARM port.", SKIP),
        ("值得看吗？值得，但扫一遍就够。", SKIM),
        ("值得看吗？不值得，除非你在排查调度器。", SKIP),
        ("要不要看？不用。", SKIP),
        ("值不值得细看？非常值得。", DEEP),
        ("Do you need to read this? Probably not, it only renames a flag.", SKIP),
        ("Should you skim it? Probably, yes.", SKIM),
        ("Should we read it? Maybe later, the API may still change.", UNKNOWN),
        # a reading time alone rates a paragraph no words rate: ten minutes or less is a
        # quick read, twenty or more a close one; in between, and a time that is a
        # measurement or belongs to a process, say nothing
        ("Treat it as a scouting trip. Eight minutes, tops. The span arithmetic changed.", SKIM),
        ("这条是硬菜。四十分钟。", DEEP),
        ("A quarter of an hour. The API gained a flag.", UNKNOWN),
        ("An easy loop around the lake: budget a quarter of an hour at most.", SKIM),
        ("No need to set aside an hour for it.", UNKNOWN),
        ("The table is migrated in place, which takes under five minutes on a big instance.",
         UNKNOWN),
        ("改完以后 coverage 任务从 3 小时缩到 2 小时 10 分钟。", UNKNOWN),
        # "worth" heading a verb in -ing and "is" points; it rates no reading after it
        ("A glance, four minutes. The only card worth peeking at is why a lookup forces a "
         "ledger read.", SKIM),
        # "Priority:" is a title, its value rates; a hashtag is a label, not a verb
        ("Priority: P4 · Read: no · Notes: link fixes only.", SKIP),
        ("High priority.", DEEP),
        ("#skip 模板里多了一个字段，没有逻辑变化。", SKIP),
        # "leave it" carries its object: a place after it is no object of its own
        ("A cooking wine at best; leave it on the shelf.", SKIP),
        ("Leave it alone.", SKIP),
        ("Leave it enabled in production.", UNKNOWN),
        # what reading it would cost; left unread; a taste, then moving on
        ("A typo in a comment: not worth the effort.", SKIP),
        ("Enabling it in production is not worth the risk.", UNKNOWN),
        ("Leave this one unread.", SKIP),
        ("A sip, perhaps two, and you can move on.", SKIM),
        ("Glance at the NEWS entry and move on.", SKIM),
        ("The matrix finishes in 31 minutes instead of 38, which maintainers will like and "
         "readers can ignore.", SKIP),
        # literary Chinese: 毋 and 勿 negate, 观之 and 展卷 read, 浅尝 and 一过 are brief,
        # 只消 and 便罢 say it is enough
        ("行政性修改，毋须阅读。", SKIP),
        ("琐事一桩，勿展卷。", SKIP),
        ("此篇浅尝即可。", SKIM),
        ("这一回只消粗粗一瞥。", SKIM),
        ("泛泛观之可也。", SKIM),
        ("此方可免，除非你在改 ClientWorker。", SKIP),
        ("毋庸置疑，这是本周最重要的改动，宜逐字细读。", DEEP),
        # coordinate adjectives before a reading noun are one phrase, not two clauses
        ("This one does rather deserve a careful, unhurried read.", DEEP),
        ("Give it a look, then move on.", SKIM),
        # a scroll is a brief reading; letting it pass dismisses it; boredom is leisure
        ("Worth a scroll, not a deep read.", SKIM),
        ("One may safely let it pass.", SKIP),
        ("Eh, give it a once-over if you're bored.", SKIM),
        # whom the advice is for, "不是 X 的", negates nothing in it
        ("不是做 AMD 卡部署的可以不看。", SKIP),
        ("不用 Windows 的可以跳过。", SKIP),
        ("不在 Windows 上跑的，不用点进来。", SKIP),
        # a topic opening the sentence, or a demonstrative subject, is a part
        ("Read it closely. As for the tests, a skim will do.", DEEP),
        ("值得精读。至于迁移脚本，看看就行。", DEEP),
        ("至于要不要升级，建议仔细读一遍。", DEEP),
        # turning the page, treating it as unseen, dismiss it
        ("工具链依赖升级，直接翻篇儿。", SKIP),
        ("您要不是管 lint 配置的，就当没看见。", SKIP),
        # savouring is a slow reading
        ("宜正襟危坐，逐字玩味。", DEEP),
        ("Pour a glass and savour it slowly.", DEEP),
        # Cantonese: 睇 for 看, 唔使 for 不用, 就得 for 就行, 優先度 for 优先级
        ("呢個 PR 唔使睇，淨係改咗版本號。", SKIP),
        ("想知大概嘅話，快速睇下就得。", SKIM),
        ("做緊 RTL 嘅同事要逐行睇清楚。", DEEP),
        ("優先度：低，可以唔睇。", SKIP),
        ("佢哋睇完先至合併。", UNKNOWN),
        # a denied permission to skim is more than a skim; "not reading" beside a runtime
        ("这个不是可以随便浏览的。", DEEP),
        ("This isn't one you can skim.", DEEP),
        ("可以不浏览。", SKIP),
        ("The backfill runs for two hours; that is runtime, not reading.", UNKNOWN),
        ("迁移本身要跑两个小时，那是运行时间，不是阅读时间。", UNKNOWN),
        ("Skim it. The job alone runs for an hour, not reading time.", SKIM),
        ("The build is green. Not reading it.", SKIP),
        # between two depths: more than a quick read, less than a close one
        ("Give it more than a glance, less than a line-by-line read.", SKIM),
        ("This one needs more than a skim, less than a study.", SKIM),
        ("It deserves more than a skim.", DEEP),
        ("A quick flick through the diff is plenty.", SKIM),
        ("Nothing to review here, it is all generated strings.", SKIP),
        ("There is nothing to review in the lockfile, but the resolver deserves a close read.",
         DEEP),
        # an imperative "give" frames the reading it gives, however long its object
        ("Give the retry loop and the lock ordering in the pool your undivided attention.",
         DEEP),
        ("Give the parser a close read.", DEEP),
        ("The README will give you a quick overview of the design.", UNKNOWN),
        ("The tests give a quick overview of the API.", UNKNOWN),
        # a negation across "one for the …": the reading list, the reading pile
        ("Not something for your reading pile this week.", SKIP),
        ("Not one for the faint of heart: read it slowly.", DEEP),
        # relevance denied, then whom it is for
        ("This is not relevant to you unless you ship the Android build.", SKIP),
        ("Not relevant for most readers.", SKIP),
        ("This is not relevant to the cache layer.", UNKNOWN),
        # a manner of reading in a clause of its own, after the reading
        ("Read it before Friday, line by line.", DEEP),
        ("Give it a read over lunch, briefly.", SKIM),
        ("读一遍，逐行地。", DEEP),
        ("The cache is read twice, in full.", UNKNOWN),
        # negation: its reach, what it denies
        ("合入前后没有任何行为变化（不值得点开）", SKIP),
        ("行为还没有对齐（要静下心来细读）", DEEP),
        ("本条不宜仅作浏览。", DEEP),
        ("Not just a skim: the defaults changed.", DEEP),
        ("It needs more than a quick look.", DEEP),
        ("No more than a glance.", SKIM),
        ("Not one to rush: take it slowly.", DEEP),
        ("此条绝非浏览即可之作。", DEEP),
        ("Top of the list, and it isn't close.", DEEP),
        ("Zero need to open it.", SKIP),
        ("None of it needs your attention.", SKIP),
        ("Honestly, don't waste your evening on this one.", SKIP),
        ("Don't bother reading it closely, a quick look is plenty.", SKIM),
        # a whole clause that rates, a quick read then on
        ("There is no need to open this one.", SKIP),
        ("Unless one maintains the helpers, it may be passed over without loss.", SKIP),
        ("Give it five minutes, then move on.", SKIM),
        ("Skim the changelog and move along.", SKIM),
        ("Nothing here for most of you.", SKIP),
        ("Irrelevant for most readers.", SKIP),
        ("Not relevant unless you package for Debian.", SKIP),
        ("The order of the keys is irrelevant.", UNKNOWN),
        ("其他人跳过无妨。", SKIP),
        ("这条 skip 掉也没关系。", SKIP),
        ("本条仅需知悉结论。", SKIM),
        ("本条无须投入阅读时间。", SKIP),
        ("不在意性能的话可以跳过。", SKIP),
        # a recommendation qualified, a part instead of the whole
        ("Worth reading, but briefly.", SKIM),
        ("Worth reading, and it's short.", SKIM),
        ("Worth reading; skim the tests if you must.", DEEP),
        ("It looks like a quick skim, but read it closely.", DEEP),
        ("Not a must-read, but worth a skim.", SKIM),
        ("The only part I'd slow down for is the retry loop.", SKIM),
        ("唯一值得细看的是重试逻辑。", SKIM),
        ("测试部分扫一眼即可，核心改动值得逐行细读。", DEEP),
        ("文档部分可以不看，其余快速浏览即可。", SKIM),
        ("Skip the tests; the rest deserves a close read.", DEEP),
        ("You'll want to sit down with this one properly.", DEEP),
        # titles, levels, scales
        ("Depth: light.", SKIM),
        ("Reading level: deep.", DEEP),
        ("How to read it: quickly.", SKIM),
        ("Things to read: the RFC and the tests.", UNKNOWN),
        ("Priority 1 (security-relevant).", DEEP),
        ("🔥🔥 10/10, the PR of the week.", DEEP),
        # words that only look like ratings
        ("The new API lets you open a file lazily.", UNKNOWN),
        ("This adds a proper error type and plenty of tests.", UNKNOWN),
        ("The only part that changed is the retry loop.", UNKNOWN),
        ("非阻塞模式下，读取会立即返回。", UNKNOWN),
        ("要不要重试由调用方决定。", UNKNOWN),
        ("The worker waits, then moves on to the next job.", UNKNOWN),
        # the manner of a recommended visit is how to read, whatever the noun
        ("Worth a quick stop. The parser changed.", SKIM),
        ("Worth a careful visit. The parser changed.", DEEP),
        ("This deserves a quick fix of its own.", UNKNOWN),
        ("Overall 这是本期的 headline album，值得完整听两遍。", DEEP),
        ("值得快速逛一圈。", SKIM),
        ("值得快速合入。", UNKNOWN),
        # "it" after a stretch whose subject is a part stands for that part
        ("Worth a read. The test file is the usual boilerplate; skip it.", DEEP),
        ("Worth a read. The test file is boilerplate. Skip it.", DEEP),
        ("The PR only touches the tests. Skip it.", SKIP),
        # a reading given to a part rates that part, wherever the advice stands
        ("Worth a quick stop. Locals recommend giving the tests a miss.", SKIM),
        ("Give the docs a skim. The core change deserves a close read.", DEEP),
        # a recommendation as a title's value, limited later in its sentence, is a skim
        ("Reading: recommended, at summary level only. The tree moves to M128.", SKIM),
        ("Reading: recommended. The tree moves to M128.", DEEP),
        # an exception after a bare label qualifies it; it does not make it a description
        ("Irrelevant unless you run ARM. The parser changed.", SKIP),
        ("Low priority unless you maintain the port.", SKIP),
        ("The irrelevant branches are pruned unless you pass --all.", UNKNOWN),
        # a reading repeated is a close one; floating past is passing by
        ("建议读两遍。", DEEP),
        ("测试跑了两遍才过。", UNKNOWN),
        ("纯重构，飘过。", SKIP),
        # a bare 跳 or 略 alone in its clause dismisses; inside another word it is none
        ("与我们的使用场景无关，跳。", SKIP),
        ("改了个 typo，略。", SKIP),
        ("调度策略改了。", UNKNOWN),
        ("页面跳转到登录页。", UNKNOWN),
        ("新策略值得细看，测试略。", DEEP),
        ("A must. The parser changed.", DEEP),
        # a priority, titled or not, yields to advice on reading beside it
        ("Priority: P3 · Read: quickly · Time: 2m · Focus: the escape hatch.", SKIM),
        ("Priority: high. Skim it.", SKIM),
        ("Priority: high. The parser changed.", DEEP),
        # reading by skipping around is a quick read; denied, a close one
        ("文档改动，跳着看就行。", SKIM),
        ("不要跳着看，值得逐行读。", DEEP),
        # when words rate only a part, the whole's reading time rates the whole
        ("Plan on 25–35 minutes with the diff open. The unit tests are a patch you can "
         "just glance over.", DEEP),
        ("The unit tests are a patch you can just glance over.", SKIM),
        # "for" a group of readers says for whom, not what to read
        ("Must-know for on-call. The parser changed.", DEEP),
        ("A must for the storage folks. The parser changed.", DEEP),
        ("Must-know for the retry loop. The parser changed.", UNKNOWN),
    ],
)
def test_verdicts_from_structure(text: str, verdict: Verdict) -> None:
    assert analyse_uncached(text).verdict is verdict, text


@pytest.mark.parametrize(
    ("text", "minutes"),
    [
        ("Should you read it? Yes. How long? Call it fifteen minutes.", 15),
        ("How long does CI take? 40 minutes. Skim it.", None),
        ("Optional reading, 10 to 12 minutes if you take it.", 12),
        ("Read: headline and values diff only, 2-3 min.", 3),
        ("Skim it. Drain test on the 3-node cluster: 14 min, passed.", None),
        ("Skim it. Effort: 10 min.", 10),
        ("测试跑一遍 40 秒（扫一眼就够，五分钟以内）", 5),
        ("阅读建议：逐节精读，预计半小时到四十分钟。", 40),
        ("Quick look, 5-ish min.", 5),
        ("Mostly nice-to-read. The must-read part is the hover logic. Ten to twelve minutes.", 12),
        ("Skim it. The suite runs for ages on Windows. Forty minutes.", None),
        ("Read all of it: about 30 minutes with the tests.", 30),
        ("Skim it. Tests take 5 minutes on CI-less laptops.", None),
        ("Block out an hour and a half and read it line by line.", 90),
        ("Glance at it; a minute or two.", 2),
        # an estimate said as one, with no subject: the reading time
        ("Worth a read. The retry fires after 30 minutes. I'd say 45 minutes, tests included.",
         45),
        ("Skim it. I reckon twenty minutes if you know the scheduler.", 20),
        ("值得看。预计 30 min 左右；跑一遍实验要 6 个小时。", 30),
        ("值得看。迁移预计两小时。", None),
        ("Skim it. The migration, I'd guess, runs 40 minutes.", None),
        # a bare duration closing a rated paragraph, however far the rating
        ("A quick skim will do. The guide is the part to read. Five minutes, one small coffee.",
         5),
        ("细读。改动不多。作者很耐心。十分钟，一杯茶的工夫。", 10),
        ("Skim it. Docs too. Nobody objected. Forty minutes, for the nightly job.", None),
        ("值得细看。改动集中在调度器。作者补了注释。测试也齐了。讨论串很长。半小时。", 30),
        ("Worth a careful read. The API changed. Docs too. Nobody objected. So. Twenty minutes.",
         20),
        ("Skim it. Docs too. Nobody objected. The nightly job got slower. Forty minutes.", None),
        ("Nothing rates it here. The API changed. Docs too. Nobody objected. Fifteen minutes.",
         None),
        # a time compared with another is a measurement, never the reading time
        ("Bench it. The matrix now finishes in 31 minutes instead of 38, which readers can "
         "ignore.", None),
        # "的工夫", "光景" close an estimate as "左右" does
        ("粗粗一瞥即可，三五分钟的工夫。", 5),
        ("一字一句细读，大约一刻钟光景。", 15),
        # the entry as the object of what the reader does in the time, or the reader done
        ("A doc-only change. You can get through it in five minutes.", 5),
        ("A doc-only change; you'll be done in ten minutes.", 10),
        ("It runs in five minutes now.", None),
        ("The nightly job finishes it in five minutes.", None),
        # a ceiling opening a duration's clause plans a reading, as one after it does
        ("听个热闹便罢，顶多十分钟。会话闲置三十分钟便被回收。", 10),
        ("A side note. At most ten minutes.", 10),
        ("Backoff now caps retries, at most ten minutes apart.", None),
        # the time it takes to finish it, whatever the verb; a range in either order
        ("小炒一盘，三两分钟就能吃完。", 3),
        ("CI 十分钟就能跑完。", None),
        ("迁移五分钟就能完成。", None),
        # hours and minutes together are one time; "1.5 h" and "-odd" are units and rounding
        ("Close read, 1 hour 20 minutes.", 80),
        ("Close read, 1h20m.", 80),
        ("精读，一小时二十分钟。", 80),
        ("Close read, 1.5 h.", 90),
        ("Close read, forty-odd minutes.", 40),
        # "来" rounds a number with a space before it too
        ("必读，留 20 来分钟。", 20),
        # a timer glyph and a number with no unit: minutes; a unit after it says
        ("粗看即可，⏱6～9。", 9),
        ("Skim it ⏱ 90 s.", None),
        # a vague count of minutes, then the number it is: the unit carries over
        ("Skim it, a few minutes, call it four.", 4),
        ("A glance, a few minutes, six tops.", 6),
        ("A glance, a few minutes, if that.", None),
        ("Skim it. The build takes a few minutes, say ten.", None),
        ("Close read, an hour. 20 minutes for the tests.", 60),
        ("Skim it. The beam is 5 m long.", None),
        # a time advised is a reading time; an estimate guessed or time taken out for it too
        ("This one deserves a roped climb of about 45 minutes.", 45),
        ("It is worth noting the cache expires in 10 minutes.", None),
        ("例行相依升級，無須閱讀。完整建置約需二十分鐘。", None),
        ("这条可是硬菜，慢慢嚼，估摸着得二十来分钟。", 20),
        ("各位要拿出半个小时，逐段研读。", 30),
        ("Dig in; plan on 25 minutes.", 25),
    ],
)
def test_minutes_from_structure(text: str, minutes: int | None) -> None:
    assert analyse_uncached(text).minutes == minutes, text


@pytest.mark.parametrize(
    ("text", "minutes"),
    [
        # a rated paragraph's one duration tied to nothing else is its reading time
        ("家常菜，翻两下就出锅，五分钟左右。改动只有一行。唯一要看一眼的是下限截断。", 5),
        ("Worth a careful read. The change is small. Some forty minutes.", 40),
        ("快速浏览即可。改的是 kernel 注册，十到十五分钟。", 15),
        # ... unless it is a measurement, a setting or a frequency, or something else's
        ("Worth a careful read. Loading a model went from 6 minutes to 40 seconds.", None),
        ("值得细看。加载时间从 6 分钟降到了 40 秒。", None),
        ("Read it with care. The end-to-end suite now takes 20 minutes longer.", None),
        ("建议精读。修复加了一个兜底 timer，默认 3 分钟扫一次。", None),
        ("建议精读。API review 专门开了个 30 分钟的会。", None),
        ("Read it closely. It polls every five minutes.", None),
        # a skip gives no reading time, whatever duration it mentions
        ("例行相依升級，無須閱讀。完整建置約需二十分鐘，已全數通過。", None),
        # duration forms: adjacent Chinese digits beside a ten, "between … and …",
        # an estimate corrected upwards
        ("了解思路就够了，大概十二三分钟。", 13),
        ("Deep read. Time? Somewhere between an hour and an hour and a half.", 90),
        ("Skim it. Five minutes, maybe six.", 6),
        ("Skim it: a quick pass, ten minutes to 3pm at the latest.", 10),
        ("Give it real time, call it three quarters of an hour. Read it closely.", 45),
        ("Worth every minute of the half hour it asks for; read it cover to cover.", 30),
        ("Priority 1: every line should be examined, which takes no more than fifteen "
         "minutes.", 15),
        # a stop word hides a time word inside it: 用 in 使用者 is no budget with a subject
        ("动到使用者资料的改动，值得找一整段时间慢慢读，至少半小时起跳。", 30),
        # time cleared for it
        ("Our deep-dive pick: clear about forty minutes for it.", 40),
    ],
)
def test_minutes_of_a_rated_paragraph(text: str, minutes: int | None) -> None:
    assert analyse_uncached(text).minutes == minutes, text


@pytest.mark.parametrize(
    ("text", "verdict", "minutes"),
    [
        # one remark per line, no punctuation: each line is a sentence of its own
        ("路过打卡\n这条倍速看就行，七八分钟\n-1 维现在会推成符号表达式了", SKIM, 8),
        ("编译一次要 40 分钟？？我的 CI 哭了\n这条值得逐帧看，留 25min 给它", DEEP, 25),
    ],
)
def test_lines_of_their_own_are_sentences(text: str, verdict: Verdict, minutes: int) -> None:
    analysis = analyse_uncached(text)
    assert (analysis.verdict, analysis.minutes) == (verdict, minutes)


def test_a_hard_wrapped_paragraph_keeps_its_sentences_across_lines() -> None:
    """A line filled to the width goes on in the next: a focus point wrapped over two lines
    is one point, not cut where the line ends."""
    text = (
        "This is a correctness fix of real consequence; I recommend you study it closely.\n"
        "The split was scored without weights even when `sample_weight` was given, so\n"
        "early stopping could halt at the wrong iteration. Pay attention to the\n"
        "stratification of weighted samples and to the scorer's handling of zero weights."
    )
    points = analyse_uncached(text).focus_points
    assert points == ("the\nstratification of weighted samples", "the scorer's handling of zero weights")


@pytest.mark.parametrize(
    ("text", "points"),
    [
        # a marked list under a header of its own, in a paragraph rated for reading
        ("Worth a close read. The plays to rewatch: 1) the scope check 2) how the snippet "
         "is hoisted 3) the interplay with SSR.",
         ("the scope check", "how the snippet is hoisted", "the interplay with SSR")),
        ("这条值得精读。給自己的功課：第一，DSK 比對失敗時的退路；第二，搬移舊實體的順序。",
         ("DSK 比對失敗時的退路", "搬移舊實體的順序")),
        # ... not when the header says the list is the change or what is left to do,
        # nor when the entry is skipped
        ("Worth a close read. Changes: 1) the scope check 2) how the snippet is hoisted.", ()),
        ("值得细看。后续工作：1. 支持 Broker Load；2. 支持部分列更新。", ()),
        ("Skip it. The plays to rewatch: 1) the scope check 2) how the snippet is hoisted.", ()),
        # an interview's labelled question asks for the points; its answer gives them
        ("Q: Anything to watch? A: Two things: the backend trait, and how hits are sorted.",
         ("the backend trait", "how hits are sorted")),
        ("Q: What to look at? A: The migration guide's table of old fields.",
         ("The migration guide's table of old fields",)),
        # a reading verb with no object, in the question, asks for one
        ("Deep read. Q: Where should I look hardest? A: Two places. First, how graphs are "
         "flattened; second, the migration of bundles.",
         ("how graphs are flattened", "the migration of bundles")),
        ("Deep read. Should you read it twice? Yes.", ()),
        # a reading verb with its aspect or result describes, it does not point
        ("值得精读。看不懂的随时来找我。", ()),
        ("这道菜我还没来得及下锅，只看了菜单：以前要手写三组 shape，现在自动收集。", ()),
        # other reading is no focus point: "背景可以看 X"
        ("快速浏览即可。背景可以看 #11290 的 discussion。", ()),
        # "the matter" is a noun, not "what matters"
        ("Summary of the matter: the extension moves to module state. Read it closely.", ()),
        ("家里只有两颗 Shelly，挑重点看就好。重点是 update.py 里区分 beta 频道的方式。",
         ("update.py 里区分 beta 频道的方式",)),
        # the measure after the verb is no part of its object; a time is no object
        ("值得细看。可以顺带留意一下新字段的命名。", ("新字段的命名",)),
        ("值得细看。完整读下来大概要半小时，相关 issue 是 #10185。", ()),
        # a closing formula ends the list, it is no item
        ("Deep read. Look at the warning text itself, and that's about it.",
         ("the warning text itself",)),
        # the "and" inside a clause of the item does not split it
        ("Deep read. Watch the ordering rule when a directive and the attribute disagree.",
         ("the ordering rule when a directive and the attribute disagree",)),
        # a rating that reads "the following" heads the list after it
        ("Read the following closely — 1. how the delay interacts with backups 2. the lock "
         "taken per repository.",
         ("how the delay interacts with backups", "the lock taken per repository")),
        # what is given the attention
        ("Budget an hour. Give the lowering in `Lowering.kt` and the interop at the boundary "
         "your full attention.", ("the lowering in `Lowering.kt`", "the interop at the boundary")),
        ("Give it your full attention.", ()),
        # whom it is for is no point; nor is a bare pronoun
        ("做 Agentic RL 的同学可以看看，对其他人来说是 optional。", ()),
        ("先看这个，仔细过一遍，大概半小时。", ()),
        # Cantonese function words read as Mandarin ones: 嘅係 is 的是, 同埋 is 以及
        ("大致睇睇就得。最值得留意嘅係 selector 嘅淺比較，同埋 `preserve` 選項點樣影響欄位。",
         ("selector 嘅淺比較", "`preserve` 選項點樣影響欄位")),
        # and so does the aspect 住: 睇住 X keeps an eye on X
        ("值得細睇。睇住 cache 點樣失效。", ("cache 點樣失效",)),
        # where the value sits: "the fun bits are", "the heart of it is"; an emphatic "do"
        ("Skim it. The fun bits are the new hashtag chips and the fallback avatar.",
         ("the new hashtag chips", "the fallback avatar")),
        ("Skim it. The heart of it is `valueClassStability`, maybe fifteen minutes.",
         ("`valueClassStability`",)),
        ("Skim it. Do peek at how invalidation works; everything else is plumbing.",
         ("how invalidation works",)),
        ("It does look at the cache.", ()),
        # "when you read it" says when, not for whom: it is no condition
        ("Deep read. What to listen for when you read it: the bound check in the queue, the "
         "way it splits, and why the default stays at 256.",
         ("the bound check in the queue", "the way it splits", "why the default stays at 256")),
        ("Deep read. If you maintain the scheduler, look at the steal path.", ()),
        # "worth" heading any short verb phrase, then an introducer, points
        ("粗看即可。唯一值得多停一下的是 IPv6 地址段的解析。", ("IPv6 地址段的解析",)),
        ("Skim it. The bits worth lingering over are the cache key and the retry loop.",
         ("the cache key", "the retry loop")),
        ("Skim it. Worth a try is the new flag.", ()),
        # ... or a colon closing it: "值得夹一筷子的：X", "Worth a replay: X"
        ("小炒一盘。值得夹一筷子的：退避上限为什么选 3 秒。", ("退避上限为什么选 3 秒",)),
        ("可以开二倍速。唯一值得暂停一下的镜头：超时后返回的错误。", ("超时后返回的错误",)),
        ("A single, two minutes. Worth a replay: the note on unique names.",
         ("the note on unique names",)),
        # ... and rates nothing, whatever reading word ends the sentence
        ("A glance of four minutes. The only card worth peeking at is the note on why a "
         "lookup forces a ledger read.",
         ("the note on why a lookup forces a ledger read",)),
        ("值得一提的是，作者顺手修了文档。快速看看即可。", ()),
        # a short subject with an infinitive of any verb, then "is"/"are", names the points
        ("Read it closely. The notes to savour are the label guard and the fallback path.",
         ("the label guard", "the fallback path")),
        ("Skim it. The only note to linger on is the handling of even-length groups.",
         ("the handling of even-length groups",)),
        ("Skim it. The thing to do is wait for the release.", ()),
        ("A passing look suffices. One point to weigh: the event fires once per batch, not "
         "once per field.", ("the event fires once per batch, not once per field",)),
        ("Skim it. One thing to keep in mind: the flag is global.", ()),
        # a numbered thread's posts are sentences: "2/ … 3/ …" ends the item before it
        ("1/ Joins land. 2/ Bits to study closely: (1) the array construction; (2) the "
         "fallback with more predicates 3/ CI ran 52 min 4/ Verdict: deep read",
         ("the array construction", "the fallback with more predicates")),
        # ▶ and ➤ are bullets; sparing a moment for X attends to it
        ("Deep read. What to look at: ▶ the run-size heuristic ▶ how nulls survive the merge",
         ("the run-size heuristic", "how nulls survive the merge")),
        ("Worth a brief look. Do spare a moment for the ARIA attributes; the team asked.",
         ("the ARIA attributes",)),
        ("Decant it slowly. The notes to savour are the label guard and the fallback path.",
         ("the label guard", "the fallback path")),
        ("Skim it. The part to skip is the tests.", ()),
        # "——" is one dash closing a header; a short verb may stand between a pointer and
        # its marked list; a measure after the verb belongs to it
        ("值得细读。请看清楚三个细节——第一，请求体的上限；第二，回退的条件。",
         ("请求体的上限", "回退的条件")),
        ("建议仔细研读，重点跟踪 ① 补偿的正确性 ② 代价模型的选择。", ("补偿的正确性", "代价模型的选择")),
        ("扫一眼就行。能多瞄一下的只有存进 localStorage 的那段。", ("存进 localStorage 的那段",)),
        # a verb that carries its own judgement ("必看的是 A 和 B"); a place of focus
        # ("着眼处在于"); idioms of attention and of exams ("敲黑板", "考点")
        ("值得精读。必看的是 A 的 resolver 和 B 的判断。", ("A 的 resolver", "B 的判断")),
        ("宜略读。着眼处在于任务的调度方式和 jitter 上下界的取值。",
         ("任务的调度方式", "jitter 上下界的取值")),
        ("值得精读。敲黑板👇 1️⃣ 怎么按环境隔离 2️⃣ 钩子的取值时机", ("怎么按环境隔离", "钩子的取值时机")),
        ("值得精读。以下两点是考点——（1）淘汰如何互斥；（2）首查的超时。", ("淘汰如何互斥", "首查的超时")),
        # a restriction to a counted few heads the one item after it, after a caution
        # word too; "是否 X 与 Y 一致" asks one question of the two
        ("粗读即可。要注意的只有一点：错误信息是否与文档一致。", ("错误信息是否与文档一致",)),
        ("粗读即可。值得捡的装备只有一件：向上对齐的写法。", ("向上对齐的写法",)),
        ("需要注意：这会改默认值。粗读即可。", ()),
        # 看官 is the reader, not a reading
        ("看官且慢翻页，粗粗一瞥即可。", ()),
        # a place named without a copula, then a colon, heads the list after it
        ("值得细读。要盯的地方先列出来：中断后从哪一批续做、批与批之间的事务边界。",
         ("中断后从哪一批续做", "批与批之间的事务边界")),
        # "then" before a verb of its own ends an object, before a noun phrase it glues;
        # a plain reading verb's object is what is read, a question of how is a point
        ("Worth a read. Look at the proposal summary and the new doc comment, then leave the "
         "rest alone.", ("the proposal summary", "the new doc comment")),
        ("Worth a read. Read the proposal summary, then leave the rest alone.", ()),
        ("Worth a read. Read how the summary is built.", ("how the summary is built",)),
        ("Worth a read. Look at the parser, then the scheduler.", ("the parser", "the scheduler")),
        ("Worth a read. The loader now reads the config once.", ()),
        # a reading verb that is the verdict points too, when it looks at a part or asks
        # how; its plain object is what is read, not a point
        ("A small fix. Study how the lock is ordered against the flush.",
         ("how the lock is ordered against the flush",)),
        ("Glance at the new test in `test_map.py`; the rest is three lines.",
         ("the new test in `test_map.py`",)),
        ("Not close. Flip through the crate layout, ten minutes at most.", ()),
        # arrows separate a list as bullets do; an ordinal step is glue, not the item's;
        # a short aside may stand between a header and its colon
        ("Worth a close read. Highlights: → the loader contract → the lock around the cache.",
         ("the loader contract", "the lock around the cache")),
        ("Worth a close read. The interesting bits, such as they are: first the loader "
         "contract, then the lock around the cache.",
         ("the loader contract", "the lock around the cache")),
        ("Worth a close read. Highlights: first-run behaviour.", ("first-run behaviour",)),
        # after a colon, plain commas part noun phrases; a relative clause stays its noun's
        ("Worth a close read. Things to check: the lock order, the error path.",
         ("the lock order", "the error path")),
        ("Worth a close read. Things to check: the lock order, which was wrong before.",
         ("the lock order, which was wrong before",)),
        # the writer's own advice points; an adverb of order after the object is not its
        ("Worth a close read. I'd look at the error path first.", ("the error path",)),
        # an attention verb inside its subject points past the copula
        ("Worth a close read. The bit I'd focus on is the retry budget.", ("the retry budget",)),
        ("Worth a close read. Look out for the retry budget.", ("the retry budget",)),
        ("Worth a close read, with an eye on the retry budget.", ("the retry budget",)),
        ("Worth a close read. Particular attention to the retry budget.", ("the retry budget",)),
        # an aside or an emoji between a reading verb and its object
        ("Skim it. Glance, as you pass, at the locking comment in `net.c`; the rest is "
         "format strings.", ("the locking comment in `net.c`",)),
        ("Skim it. Peek at 👀 the escaping logic in `expand_paths`.",
         ("the escaping logic in `expand_paths`",)),
        # a dismissal denied, with an object, points at it; not under a condition, and
        # not without an object
        ("Skim it. Don't miss the column-width logic in `Cmd`, a small curiosity.",
         ("the column-width logic in `Cmd`",)),
        ("粗看即可。别错过 `Cmd` 里的列宽逻辑。", ("`Cmd` 里的列宽逻辑",)),
        ("If you ship mobile, don't skip the section on retries. Skim it.", ()),
        ("Don't skip it. The retry loop moved.", ()),
        # a few singled out in an entry rated for reading head the list after the colon;
        # counted without that, a header only describes
        ("尝个咸淡就行，十分钟。要尝的就两样：A 的调用先后，和 B 的检查时机。",
         ("A 的调用先后", "B 的检查时机")),
        ("顶多十分钟。要紧的只一句：新旧默认值是否一致。", ("新旧默认值是否一致",)),
        ("A quick look, six minutes. One thing I'd keep an eye on: the fallback path.",
         ("the fallback path",)),
        ("Worth a read. The PR only touches one file: `a.py`.", ()),
        ("Six minutes. Save your energy for just two things: the size guard and the example.",
         ("the size guard", "the example")),
        ("Skim it. It changes just two things: the default and the docs.", ()),
        # a hypothesis answered at once names what is worth the look; a real condition
        # on the reader points at nothing
        ("Skim it. If anything here deserves a closer look, it's the retry loop.",
         ("the retry loop",)),
        ("随便翻翻。要说哪里值得多看两眼，就是缓存失效的顺序。", ("缓存失效的顺序",)),
        ("Skim it. If you maintain a fork, the thing worth checking is the config loader.", ()),
        # "*" between spaces is a bullet, two or more a list; not in arithmetic
        ("Read it. Points to verify: * the batch size * the rollback on MariaDB 10.6 * the index.",
         ("the batch size", "the rollback on MariaDB 10.6", "the index")),
        ("Read it. Watch the cost, which is 2 * 3 units or 4 * 5.", ("the cost",)),
        ("Read it. Watch the sizes: 2 * 3 units * 4 units.", ("2 * 3 units * 4 units",)),
        # parts given a task head the list after their colon, whatever the verb
        ("A full sitting. Things to follow through the diff: the fencing; the fallback.",
         ("the fencing", "the fallback")),
        ("Read it. Things worth tracing: the cleanup; the flag.", ("the cleanup", "the flag")),
        ("It fixes things to do with caching: the key and the ttl.", ()),
        # a run of spaced dashes after a colon is a list; one in prose is a dash
        ("Read it. Worth tracing: - the cleanup on failure - the interaction with the flag.",
         ("the cleanup on failure", "the interaction with the flag")),
        ("看个大概。可以留意：- resource 的取法 - fallback 的取值。", ("resource 的取法", "fallback 的取值")),
        ("Skim it. The range is 3 - 5 and the other is a - b.", ()),
        # a part given a task in the predicate, whatever the verb; not one to skip
        ("A skim, six minutes, and the troubleshooting list is the part to bookmark.",
         ("the troubleshooting list",)),
        ("A skim. The tests are the part to skip.", ()),
        # where the focus is put: "重点放在 X"; "放在了" narrates
        ("Review 的时候重点放在 ①默认值的语义 ②报错路径。整体值得精读。", ("默认值的语义", "报错路径")),
        ("作者把重点放在了性能上。", ()),
        # a reading time after a colon, hedged, is no point
        ("What changed: one stream. This is one PR I would ask everyone to read end to end, "
         "at a careful pace: roughly thirty-five minutes. What to study: (i) how ids are "
         "filled; (ii) the filtering.", ("how ids are filled", "the filtering")),
        # check marks and Roman numerals mark lists too; "本文" is the entry itself
        ("Homework. Watch: ✓ the batch limit ✓ the late checkpoint ✓ the upgrade path.",
         ("the batch limit", "the late checkpoint", "the upgrade path")),
        ("建议精读。请围绕如下问题：Ⅰ．窗口不足时如何处理？Ⅱ．偏移为负时是否一致？",
         ("窗口不足时如何处理", "偏移为负时是否一致")),
        ("建议略读本文，五分钟即可。", ()),
        ("值得细读。最放不下的是这几处：a. TTL 怎么存的、b. 每轮处理多少个。",
         ("TTL 怎么存的", "每轮处理多少个")),
        ("A glance. Eye on: how events are validated.", ("how events are validated",)),
        # the writer's courtesy ("If I may suggest") conditions no reader
        ("Read it closely. If I may suggest, watch these points: 1) the order 2) the cost.",
         ("the order", "the cost")),
        ("Read it closely. If you ship mobile, watch these points: 1) the order 2) the cost.", ()),
        # one pointing hand opening its sentence points at what follows; not mid-sentence
        ("Optional, five minutes. 👉 the new queue gauge. CI grew a bit.", ("the new queue gauge",)),
        ("扫一眼就行。👉 反量化的舍入方式。", ("反量化的舍入方式",)),
        ("Skim it. The fix went in 👉 see #123.", ()),
        ("这次只改了一处：配置加载。", ()),
        # an adverb of the reader's doing before an attention verb makes it advice
        ("大概看看。稍微留意缩写对照表放在哪个文件就够了。", ("缩写对照表放在哪个文件",)),
        ("大概看看。作者留意到缩写对照表放错了文件。", ()),
        # an English header may run a few words longer, a clause as its object; one whose
        # copula has introduced its object already is followed by what explains it
        # merit and a word for its pieces head a list: "The good stuff:", "The best bits:"
        ("Read it. THE GOOD STUFF: → the soft-wrap path → the new config key.",
         ("the soft-wrap path", "the new config key")),
        ("Read it. A good part of the diff: tests.", ()),
        ("Read it. Inspect what the box does not tell you: how the bits grow; the handover.",
         ("how the bits grow", "the handover")),
        ("A short read. The interesting bit is how it handles a panicking worker: it is resumed "
         "only after the rest are aborted.", ("how it handles a panicking worker",)),
    ],
)
def test_focus_from_structure(text: str, points: tuple[str, ...]) -> None:
    assert analyse_uncached(text).focus_points == points, text

"""Ratings implied by a sentence's shape, without advice words (`parsing/implied`).

Made-up sentences, one shape each, with a near miss beside it that must not rate.
"""

from __future__ import annotations

import pytest

from digest2notes.model import Verdict
from digest2notes.parsing.analysis import analyse_uncached

DEEP, SKIM, SKIP, UNKNOWN = Verdict.DEEP, Verdict.SKIM, Verdict.SKIP, Verdict.UNKNOWN


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        # who would read it?
        ("Four typos in a javadoc. Why would anyone read this?", SKIP),
        ("依赖升级，这种谁会点开看啊？", SKIP),
        ("Who would have thought this bug was so old? Read it closely.", DEEP),
        # nothing in it for a reader; not for you
        ("Dependency bump with a green build; there's nothing in it for a reader.", SKIP),
        ("Part seven. Unless your farm runs Windows, there's nothing for you here.", SKIP),
        ("A fine docs change, though nothing in it alters behaviour. Optional reading.", SKIM),
        ("Not for you unless you chase flaky tests this sprint.", SKIP),
        # time refused to it; a refusal in the first person
        ("None of our code calls it, so don't spend a click on it.", SKIP),
        ("Comment fixes in twelve packages. I wouldn't.", SKIP),
        ("I wouldn't have guessed the cause. Read it closely.", DEEP),
        # time cleared for it; this PR chosen as the one to read
        ("Clear your afternoon. After a decade of asking, iterators are here.", DEEP),
        ("No need to clear your afternoon for this.", UNKNOWN),
        ("This is the one to read this week. The assignment moves to the broker.", DEEP),
        ("If you only read one PR from this issue, make it this one!", DEEP),
        ("如果这周只能挑一支精读，就是它。", DEEP),
        # a reading time, or the summary, declared enough
        ("A minute or two is plenty. The fix is one condition.", SKIM),
        ("A quarter hour is more than enough. The fix is one condition.", SKIM),
        ("十分钟绰绰有余。", SKIM),
        ("此条仅供参考，五到十分钟足矣。", SKIM),
        ("多条请求合并成一次 RPC。TL;DR 就够，1-2 min。", SKIM),
        ("TL;DR: the histograms ride inside the native encoding. Full read, ~15 min.", DEEP),
        # the PR as an imperative's object, a manner closing the clause
        ("Here's the meaty one, and I'd encourage you to take it slowly.", DEEP),
        ("Clear this one properly, no speedrunning.", DEEP),
        ("Don't take it slowly.", UNKNOWN),
        ("This makes it fast.", UNKNOWN),
        ("It deeply changes how the queue works.", UNKNOWN),
        # nothing missed without it
        ("A one-letter fix. Bless them, but you won't miss anything by passing on it.", SKIP),
        ("You won't miss anything important if you skip the tests, but read the core closely.",
         DEEP),
        # a label naming routine work
        ("Pure chore. The wheel job failed after 50 minutes of building.", SKIP),
        # half an hour or more set aside for it; an estimate or a shorter budget rates nothing
        ("The big one this week: pour a coffee and block out forty-five minutes.", DEEP),
        ("重头戏，预留出半小时。", DEEP),
        ("Set aside a full hour.", DEEP),
        ("Budget fifteen minutes.", UNKNOWN),
        ("It took about forty minutes to review.", UNKNOWN),
        ("No need to set aside an hour for it.", UNKNOWN),
        # an imperative for all but a few readers
        ("Sit this one out unless you maintain the ARM port.", SKIP),
        ("Toss it in the drawer, unless you wrote the old parser.", SKIP),
        ("The change is small unless you count the tests.", UNKNOWN),
        ("Read it closely unless you already reviewed the RFC.", DEEP),
        # and so is what holds for all but a few readers, said with no reading word
        ("除非你用 ARM，否则不受影响。", SKIP),
        # Cantonese: "don't skip about as you read it" (跳住睇 is 跳着看) asks for all of it
        ("建议安排时段精读，唔好跳住睇。", DEEP),
        ("除非你在维护打包脚本，不然别碰。", SKIP),
        ("除非你关心性能，否则看个标题就够。", SKIM),
        ("除非你用 ARM，否则测试会失败。", UNKNOWN),
        ("除非你开启缓存，否则性能下降明显。", UNKNOWN),
        ("Unless you build your own images, fold this hand.", SKIP),
        # an exception for some readers about the entry: nothing for the rest (was
        # UNKNOWN before `exceptions`; the careful reading is a skip)
        ("Unless you run Windows, the change is invisible.", SKIP),
        ("Rope up and allow half an hour at altitude.", DEEP),
        # a loss if it is not read; the words' own refusal is no refusal there
        ("前排！这条不看亏了。", DEEP),
        ("You'll regret skipping this one.", DEEP),
        ("不看也不会亏什么。", SKIP),
        # a negated reading with 了 refuses it ("看了" is no aspect there)
        ("这玩意儿您就甭看了。", SKIP),
        ("这个 PR 我看了三遍，值得精读。", DEEP),
        # an everyday act the reader may leave undone, in the first sentence; not an act
        # a change makes needless, nor one with a subject of its own
        ("避坑，不用去。纯文档翻译。", SKIP),
        ("这盘菜可以不吃。删了几个无用的语句。", SKIP),
        ("A tavern full of strangers; your party need not stop here.", SKIP),
        ("升级后不用改。配置加载改了。", UNKNOWN),
        ("升级后无需重启。配置加载改了。", UNKNOWN),
        ("No need to migrate. The config loader changed.", UNKNOWN),
        ("Users need not change anything. The loader changed.", UNKNOWN),
        ("不用去。但这条值得精读。", DEEP),
        # the PR sent away or passed by, whatever the verb; not with a subject of its own
        ("Nothing on the hook here; throw it back. A lockfile bump.", SKIP),
        ("Corked. Send it back to the kitchen without tasting: a lockfile churn.", SKIP),
        ("Nope. Scroll right past this one 🙅 Docstring-only change.", SKIP),
        ("The fix rolls it back to the old value.", UNKNOWN),
        ("It runs past the limit now.", UNKNOWN),
        ("Don't throw it away: read it closely.", DEEP),
        # a dismissal with an object of its own, for all but a few, is still a skip
        ("Leave this one to lie fallow unless you maintain a preprocessor.", SKIP),
        # not worth doing something for: the PR is what the dangling "for" wants
        ("Not worth lacing your boots for: three misspelled words.", SKIP),
        ("Not worth enabling in production yet. Worth a close read though.", DEEP),
        ("Not worth waiting for the benchmark.", UNKNOWN),
        ("You won't lose anything by skipping it.", SKIP),
        # a plain reading verb with the PR as its whole clause asks for a reading; as a
        # title's value too
        ("High signal, read it.", DEEP),
        ("Read this one first.", DEEP),
        ("Read it and weep: a one-line fix.", UNKNOWN),
        ("It reads it twice.", UNKNOWN),
        ("Verdict: read. 15 mins.", DEEP),
        # no bearing on the readers, or one only on others, opening its clause
        ("Purely internal; not for us.", SKIP),
        ("Doesn't concern us.", SKIP),
        ("这条跟我们没关系。", SKIP),
        ("Only relevant to Windows packagers.", SKIP),
        ("仅与 Windows 打包相关。", SKIP),
        ("This doesn't affect existing users.", UNKNOWN),
        ("The fix is only relevant to the slow path, which is worth a close read.", DEEP),
        ("Mechanical change; nothing for reviewers.", SKIP),
        ("Nothing actionable here.", SKIP),
        ("Read it closely; nothing like it exists here.", DEEP),
    ],
)
def test_ratings_implied_by_shape(text: str, verdict: Verdict) -> None:
    assert analyse_uncached(text).verdict == verdict, text

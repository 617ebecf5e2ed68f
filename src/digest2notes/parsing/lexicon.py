"""The lexicon: short words and morphemes, each tagged with the cue classes it carries.

The analysis never looks a phrase up. It finds these small cues in a paragraph and
reads meaning from their combination and their place in the clause (`verdict`,
`minutes`, `focus`). A cue is a word or a morpheme, not a phrase: "精读", "skim",
"即可", "not"; a new writer's "值得认真 study" or "A quick skim will do" is read from
cues this table already has.

Why some entries exist at all:

* *stop words* (`NULL`) are longer words that contain a cue but mean something else
  ("浏览器" is a browser, "精度" precision, "不过" but, "deep learning"): the scanner
  takes the longest word at each position, so listing them hides the cue inside;
* English words are matched whole and case-folded; a space matches any run of
  whitespace, so a phrase wrapped over two lines is still one cue.

The scanner (`scanner.scan`) builds its matcher from this table on first use: a dict of
the words' prefixes, so that a fresh process pays for the text it reads, not for the
size of the lexicon.
"""

from __future__ import annotations

from functools import cache

# --- cue classes (bit flags: a word may carry several) --------------------------------------
READ = 1 << 0  # a reading verb or noun: 读, 看, 阅读, read, look, attention
DEPTH = 1 << 1  # close reading: 精, 细, 认真, 逐行, close, careful, thorough, study
BREVITY = 1 << 2  # quick or partial reading: 快速, 略, 扫, 瞄, skim, glance, light
LIGHT = 1 << 3  # a light reading verb (了解, 看看, a look): brief unless told otherwise
DISMISS = 1 << 4  # not reading it at all: 跳过, 忽略, 划走, skip, ignore, leave it
SUFFICE = 1 << 5  # "… is enough": 即可, 就好, 就行, 足够, will do, enough
NEG = 1 << 6  # negation; `NEG_NEAR` marks the one-character ones (不, 没, 无, 别)
COND = 1 << 7  # a condition before the advice: 若, 如果, if, for those who
EXCEPT = 1 << 8  # an exception after it: 除非, unless, except
RECOMMEND = 1 << 9  # advice: 值得, 建议, 推荐, worth, should, recommended
MODAL = 1 << 10  # permission: 可, 可以, can, feel free to, safe to
ENDORSE = 1 << 11  # a recommendation that stands alone as a rating: 推荐, 强推, recommended
HIGH = 1 << 12  # priority or necessity: 必, 重点, must, required, high priority
LOW = 1 << 13  # low priority or value: 低优先级, 价值不大, low priority, low value
OPTIONAL = 1 << 14  # optional reading: 可选, 选读, 有空, optional, nice to know
NEED = 1 << 15  # necessity, so that "没有阅读必要" / "no reading required" negate reading
WHOLE = 1 << 16  # the pull request as a whole: 本 PR, 这条, this one, it
PART = 1 << 17  # a part of it: 测试, 评审, 讨论, tests, the review thread
ATTEND = 1 << 18  # attention verbs and nouns that point: 关注, 留意, 聚焦, look at, check
VALUE = 1 << 19  # interest, value, learning: 看点, 借鉴, 可复用, interesting, key, lessons
EMPHASIS = 1 << 20  # "尤其是", "especially": an inline pointer
CAUTION = 1 << 21  # a warning, not a study point: 需要注意, 限制, note that, caveat
BACKGROUND = 1 << 22  # other reading: 背景, 参阅, 见, background, see also
PROCESS = 1 << 23  # something that takes time but is not reading: CI, 构建, timeout, 延迟
BUDGET = 1 << 24  # time given to reading: 预留, 花, 用时, budget, set aside, takes
AUDIENCE = 1 << 25  # a group of readers, the subject of conditional advice: 同学, readers
INCLUDE = 1 << 26  # "列入", "纳入": "不列入阅读范围" negates reading
TEMPORAL = 1 << 27  # "时", "while": "阅读时留意…" describes when, it does not rate
NULL = 1 << 28  # a stop word: hides the cues inside it
NEG_NEAR = 1 << 29  # a one-character negation: counts only right before the next cue
BARE = 1 << 30  # a reading noun that, used bare as a verb, dismisses: "a quick pass" / "pass"
HEADER = 1 << 31  # an attention noun or a checking verb: points only through an introducer
TITLE = 1 << 32  # the name of a rating ("Verdict:", "Recommendation:", "结论："): its value follows
AFFIRM = 1 << 33  # "yes": the answer to a question that rates ("Worth it? Absolutely.")

RATING = (
    READ | DEPTH | BREVITY | LIGHT | DISMISS | SUFFICE | NEG | RECOMMEND | MODAL | ENDORSE
    | HIGH | LOW | OPTIONAL | NEED
)
#: The classes of a word that points on its own ("关注", "看点", "尤其是"; `pointers`, `labels`).
POINTING = ATTEND | VALUE | EMPHASIS

_NAMES = {
    READ: "reading", DEPTH: "depth", BREVITY: "brevity", LIGHT: "light reading",
    DISMISS: "dismissal", SUFFICE: "sufficiency", NEG: "negation", COND: "condition",
    EXCEPT: "exception", RECOMMEND: "recommendation", MODAL: "permission",
    ENDORSE: "endorsement", HIGH: "high priority", LOW: "low priority", OPTIONAL: "optional",
    NEED: "necessity", WHOLE: "whole PR", PART: "part of the PR", ATTEND: "attention",
    VALUE: "value", EMPHASIS: "emphasis", CAUTION: "caution", BACKGROUND: "background",
    PROCESS: "not reading", BUDGET: "time budget", AUDIENCE: "audience",
    INCLUDE: "inclusion", TEMPORAL: "temporal", TITLE: "rating title", AFFIRM: "affirmation",
}


#: Moving on after a reading: the reading is a quick one, of all of it ("glance at the
#: NEWS entry and move on").
MOVING_ON = frozenset({"and move on", "and you can move on", "then move on"})


#: Reading nouns that head a summary of the change as a label ("Gist: …", "大意：…"):
#: there they neither rate nor point.
SUMMARY_NOUNS = frozenset({"gist", "the gist", "overview", "an overview", "大意", "梗概", "概览"})


def class_names(flags: int) -> list[str]:
    """The names of the cue classes in `flags`, for `--explain`."""
    return [name for bit, name in _NAMES.items() if flags & bit]


def _words(text: str) -> list[str]:
    return [w.replace("_", " ") for w in text.split()]


# Each row: cue classes, then the words that carry exactly those classes. An underscore
# stands for a space inside an English word ("set_aside"). Keep rows to short words.
_TABLE: tuple[tuple[int, str], ...] = (
    # reading verbs and nouns
    (READ | BARE, "pass"),
    (DISMISS | BARE, "跳 略"),  # "…，跳。", "改了个 typo，略。": bare in its clause, a dismissal
    (READ, "a_pass"),
    # reading nouns and verbs of any depth; the adjective beside them decides
    (READ, "overview an_overview readthrough walkthrough walk-through go_through go_over "
           "once-over once_over perusal peruse sitting sit_down_with sit_with "
           "look-through 看完 读完 翻完 过完 读懂 看懂"),
    (MODAL | READ | BREVITY, "可略读 可略看"),
    (MODAL | DISMISS, "可免"),
    (READ | BREVITY, "gist the_gist 大意 梗概 个大概 瞥 一瞥 瞟 瞟一眼 scan_through quick_scan"),
    # savouring is a slow reading: "逐字玩味", "a PR to savour"
    (READ | DEPTH, "玩味 品读 品味 savour savor savouring savoring"),
    (READ | DEPTH, "抠 细抠 抠细节 啃 吃透 搞懂 弄懂 拆解 剖析 逐段读 scrutinize scrutinise "
                   "scrutinizing pore_over dissect work_through"),
    (READ, "读 阅读 看 看一遍 一读 翻阅 读一读 读一下 点开 点进 点进来 点进去 打开看 过目 读毕 "
           "open opening read reads reading a_read "
           "read-through readthrough read_through your_time the_time 花时间 spend_time "
           "spend_any_time spend_much_time"),
    (READ | ATTEND, "attention your_attention"),
    (READ | DEPTH, "take_your_time take_one's_time 慢慢读 慢慢看"),
    # time spent on it for nothing: "don't waste your evening on this", "a waste of time"
    (READ, "waste 浪费 浪费时间"),
    (READ, "看清 看清楚"),  # seeing clearly is reading too: "要逐行看清楚" (also attention)
    # reviewing a change is reading it (the verb: "the review" and "review thread" are
    # parts, PART, and "during review" is no advice)
    (READ, "reviewing to_review review_it review_this 审读 审阅"),
    (DISMISS, "waste_of_time a_waste_of_time waste_of_your_time"),
    (READ | LIGHT, "看下 读下 瞅下 瞧下 过下 看看 看一看 看一下 一看 了解 了解一下 "
                   "知道 知悉 过一遍 过一下 a_look look look_over peek a_peek"),
    (READ | DEPTH, "精读 精研 精看 细读 细看 细品 细究 研读 研究 钻研 深读 深究 深挖 通读 啃 "
                   "study studying must-study deep_dive deep-dive dig_in close_read closer_look "
                   "dive go_deep going_deep "
                   "full_attention undivided_attention read-every study_session"),
    (READ | BREVITY, "带过 一笔带过 掠过 a_scroll skim-level summary-level summary_level"),
    # literary reading: a verb with its object 之 ("观之", "阅之"), a look ("一顾"), the scroll
    # opened ("展卷"); a shallow taste, one pass, a fast run through ("浅尝", "一过", "速通")
    (READ, "观之 阅之 览之 读之 视之 一顾 一观 展卷 开卷"),
    (READ | BREVITY, "浅尝 一过 速通 浮光掠影 泛泛"),
    (READ | BREVITY, "浏览 略读 略看 粗读 粗看 速读 泛读 扫读 扫一眼 扫一下 扫两眼 扫一遍 瞄 "
                     "瞄一眼 瞄两眼 翻翻 翻一翻 翻一下 扫过 掠过 概览 跳着看 跳着读 跳读 "
                     "skim skims skimming skim-read skimread speed-read speed_read glance glancing "
                     "browse browsing flip_through flick_through a_flick leaf_through skimmable "
                     "skim-worthy a_glance glance_over glance_through skim_through skim_over"),
    (DEPTH, "end_to_end end-to-end start_to_finish from_start_to_finish front_to_back "
            "front-to-back back_to_front"),
    (DEPTH, "with_care attentively in_earnest"),
    # completeness: a reading of all of it ("a full read", "完整读一遍", "every line")
    (DEPTH, "whole full fully complete completely entire whole_thing proper properly meticulous "
            "meticulously rigorous rigorously painstaking painstakingly exhaustive exhaustively "
            "every_line each_line every_file each_file every_word word_by_word file_by_file "
            "彻底 透彻 全面 系统地 从头到尾 一字一句 每一行 每行 每个文件 逐文件 用心"),
    (DEPTH, "认真 仔细 好好 细细 逐行 逐个 逐一 逐字 逐段 逐句 逐 反复 深入 完整 全文 专门 详细 "
            "close closely careful carefully thorough thoroughly deep deeply in_depth in-depth "
            "in_full in_detail detailed line_by_line line-by-line cover_to_cover slowly every "
            "slow_down heavy more_than_once 两遍 几遍 多遍 一行一行 一个一个 一段一段 一句一句 "
            "一字一字"),
    (BREVITY, "快速 快 粗略 大概 大致 简单 简要 随手 随便 草草 匆匆 一眼 两眼 几眼 择要 挑着 "
              "选择性 一般性 走马观花 quick quickly brief briefly light lightly surface "
              "surface-level cursory fast partial partially selective selectively high-level "
              "at_a_glance short shortish rush hurry brisk swift rapid hasty speedy speed_through "
              "race_through"),
    (DISMISS, "pass_over pass_it_over give_it_a_miss dismissed unread unopened let_it_pass "
              "gloss_over glossed_over skate_over skate_past slide_past slip_past"),
    # the effort of reading, on the reader: "I shouldn't trouble yourself with this one"
    (READ, "trouble_yourself bother_yourself"),
    # moving on after a taste is a quick read: "a sip, and you can move on"
    (READ | BREVITY, " ".join(w.replace(" ", "_") for w in sorted(MOVING_ON))),
    (DISMISS, "omit omitted_from move_along move_on disregard hard_pass 略去 不看也罢 不看也行 "
              "不用看 不用读 pass掉 可略 可略过 可略去 可省略 略掉 "
              "scroll_past scroll_on scroll_on_by scroll_by be_disregarded be_omitted "
              "be_ignored be_skipped be_passed_over"),
    # not caring about it: "不用管", "别理会"
    (DISMISS, "不用管 不必管 别管 甭管 不用理 不必理 别理 甭理 不用理会 不必理会 别理会"),
    # a contrast negates what follows it: "a brief perusal rather than a line-by-line study"
    (NEG, "rather_than instead_of 而不是 而非"),
    (DISMISS, "跳过 略过 忽略 无视 划走 划过 路过 飘过 不理 错过 翻篇 当没看见 skip skippable "
              "skip-worthy ignore ignorable leave_it leave_this miss pass_on don't_bother "
              "do_not_bother nothing_to_see nothing_to_read nothing_to_study nothing_to_learn "
              "nothing_here nothing_to_review nothing_to_check"),
    (MODAL | DISMISS, "safe_to_skip safe_to_ignore can_be_skipped can_be_ignored "
                      "can_safely_be_skipped can_safely_be_ignored feel_free_to_skip"),
    (SUFFICE, "只消 便罢 即可 就好 就行 就得 就够 就够了 足够 够了 足矣 就ok 就_ok 就可以 "
              "就完事 就得了 也行 也可以 亦可 便可 只要 只需 仅需 只需要 will_do is_enough enough "
              "suffices suffice is_fine is_plenty should_do will_do_it should_do_it does_it "
              "does_the_trick does_the_job covers_it"),
    # negation, condition, exception
    (NEG, "nothing none zero nope nah"),
    (DEPTH, "all_of_it"),
    (NEG, "没啥 没什么 没有什么"),
    # "no need": the negation of a necessity, not of reading (it yields to a quick read);
    # "not worth" denies any reading as "no need" does ("不值得浏览" is a skip, not "not a skim")
    (NEG | NEED, "不必 不用 不需要 不需 无需 无须 没必要 没有必要 没啥必要 用不着 "
                 "犯不着 no_need needn't need_not 不值 不值得"),
    (NEG, "不必 不用 不需要 不需 无需 无须 没必要 没有必要 没啥必要 用不着 犯不着 甭 不要 没有 "
          "毫无 不是 不能 不可 不应 不应该 千万别 千万不要 不值 不值得 no not never no_need "
          "don't do_not doesn't does_not isn't is_not needn't need_not without hardly nor "
          "cannot can't shouldn't should_not won't"),
    (NEG | NEG_NEAR, "不 没 无 别 免 非 毋 勿"),  # 毋, 勿: the literary 不 and 别
    (NEG, "绝非 并非 决非 绝不 并不 决不"),
    (COND, "若 如果 假如 倘若 要是 万一 如需 如要 如想 如若 一旦 假设 的话 if in_case when_you "
           "assuming for_those for_anyone those_who anyone_who"),
    (EXCEPT, "除非 否则 unless except otherwise"),
    (AFFIRM, "yes yep yeah absolutely definitely certainly unequivocally undoubtedly totally "
             "100% of_course sure 当然 是的 绝对 肯定 毫无疑问 值得"),
    # advice, priority ("treat it as a quick X" says how to take it, as "worth a quick X")
    (RECOMMEND | ENDORSE | HIGH, "top_pick pick_of_the_week editor's_pick"),
    (RECOMMEND, "candidate good_candidate great_candidate deserves merits good_pick relevant"),
    (RECOMMEND, "deserve deserving ought_to advise advised advisable counsel counsels encourage "
                "encouraged urge urged you'll_want you_will_want want_to 要 请务必 奉劝 asked_to "
                "are_asked_to is_asked_to invited_to encouraged_to ask_you_to asking_you_to"),
    (RECOMMEND, "值得 建议 不妨 最好 应该 应当 该读 该看 最该 宜 请 需 适合 worth worthwhile "
                "should suggest suggested consider treat_it_as treat_this_as treat_this_one_as"),
    (RECOMMEND | ENDORSE, "推荐 力荐 安利 recommended recommend recommends worth_it"),
    (TITLE, "verdict rating recommendation classification assessment advice depth 结论 评级 评价 "
            "阅读建议 阅读方式 处理方式 读法 推荐度 处理建议 评审意见 审阅意见 阅读意见"),
    (TITLE | RECOMMEND | ENDORSE, "recommendation"),
    (RECOMMEND | ENDORSE | HIGH, "强推 强烈推荐 强烈建议 墙裂推荐 首推 highly_recommended "
                                 "strongly_recommended"),
    (MODAL, "可 可以 无妨 也无妨 没关系 也没关系 无所谓 can may you_can you_could you_may "
            "feel_free_to safe_to"),
    (HIGH | ATTEND, "重点"),
    (HIGH, "必 务必 一定要 高优先级 优先级高 高优 头等 must a_must essential mandatory "
           "high_priority top_priority a_priority p0"),
    (TITLE | HIGH, "priority"),  # "Priority: P4": the title, its rating follows
    (LOW, "p3 p4 p5"),
    (OPTIONAL, "p2"),
    (HIGH, "必须 一定 第一优先级 最高优先级 首要 头号 重中之重 优先 p1 top_of_the_list "
           "non-negotiable have_to has_to need_to needs_to"),
    (HIGH | NEED, "required"),
    (HIGH | READ, "必读 必看 必研 must-read must_read must-see must-know a_must unmissable"),
    (NEED, "必要 需要 needed necessary need needs obligation obliged"),
    (LOW, "chore pure_chore housekeeping 杂活 "
          "低优先级 优先级低 低优 价值不大 意义不大 价值有限 无关紧要 可有可无 irrelevant "
          "low_priority low_value low-value low-priority"),
    (OPTIONAL, "可看可不看 可读可不读 看不看都行 读不读都行 看不看都可以"),
    (OPTIONAL | READ, "选读 选看"),  # an elective reading: 选 + a reading verb, as 精读 is
    (OPTIONAL, "可选 有空 有兴趣 感兴趣 随意 闲时 optional nice_to_know nice-to-have "
               "for_the_curious if_curious if_you're_bored if_bored"),
    # "nice to" + any reading verb is an optional read ("nice-to-read", "nice to skim").
    (OPTIONAL, " ".join(f"nice_to_{verb}" for verb in ("read", "skim", "look_at", "study"))),
    (OPTIONAL, "elective electives 有时间 有时间的话 有余力 时间充裕 if_you_have_time "
               "extra_credit bonus_reading"),
    # what a rating or a pointer is about
    (WHOLE, "本pr 本_pr 这个pr 这个_pr 该pr 该_pr 此pr 此_pr 本条 这条 此条 该条 这次 本次 "
            "这回 这一回 此番 此篇 这篇 本文 该文 "
            "本篇 整个 整体 整条 这支 本支 总体 综合来看 总的来说 它 这是 这一条 这一篇 diff "
            "the_diff this_diff "
           "the_patch this_patch this_pr the_pr this_one this_contribution the_contribution "
            "this_pull_request the_pull_request this_series the_series "
            "this_change the_change it this overall the_whole_thing all_of_it"),
    (PART, "测试 单测 单元测试 用例 测例 评审 讨论 注释 文档 示例 其余 剩下 剩余 这部分 这一部分 "
           "那部分 其余部分 其他部分 部分 细节 数字 那段 这段 这一段 那一段 其中 "
           "documentation test tests testing review_thread the_review discussion "
           "comments thread docs benchmark benchmarks the_rest remaining the_numbers numbers part "
           "parts"),
    (ATTEND, "to_look_at to_look_for to_watch to_read to_examine to_check 着重 思考 "
             "思索 推敲 想想 想一想"),
    (ATTEND, "spare_a_moment_for spare_a_thought_for spare_a_glance_for"),
    (ATTEND, "pay_particular_attention_to pay_special_attention_to pay_extra_attention_to "
             "pay_careful_attention_to"),
    (ATTEND | DEPTH, "花心思 费心思 动脑筋"),
    (ATTEND | HEADER, "directs direct draw_attention_to draws_attention_to calls_out call_out "
                      "points_out point_out"),
    (ATTEND, "eyes_on eye_on keep_an_eye keep_your_eyes_on figure_out think_about ponder answer "
             "盯住 盯紧 理会 回答 弄清 弄清楚 搞清 搞清楚 看清 体会 留心 留神 在意 关心 "
             "keep_your_eye_on"),
    # "Items to verify: …" points; "建议确认确实需要该权限" is a task, not a study point
    (ATTEND | HEADER, "understanding checklist directed verify eyes "
                      "confirm scrutiny eyeballs 验证 核对 确认 检查 注意力 焦点 围绕 着眼 敲黑板 "
                      "targets focus attention"),
    (ATTEND, "关注 留意 注意力 聚焦 焦点 核查 审视 琢磨 瞅 瞅瞅 瞧 瞧瞧 盯 品味 玩味 围绕 着眼 "
             "look_at look_closely_at take_a_look_at have_a_look_at pay_attention_to "
             "pay_close_attention_to focus_on watch watch_for watch_out_for keep_an_eye_on check "
             "dig_into notice note examine inspect explore targets focus zoom_in_on drill_into "
             "stare_at attend_to care_about care look_out_for "
             "with_an_eye_on particular_attention_to special_attention_to close_attention_to "
             "dive_into look_into concentrate_on home_in_on 注意 检视 详察 考察"),
    (ATTEND, "attend linger_over linger_on dwell_on peep eyeball single_out eyes_peeled"),
    (ATTEND, "🔍 🔎"),  # a magnifying glass: "look at" in a glyph
    (VALUE, "stood_out stands_out stand_out standout"),
    # where the value of a change sits: "The fun bits are X", "The heart of it is X"
    (VALUE, "fun_part fun_parts juicy_part crux "
            "heart_of_it the_heart_of_it meat_of_it the_meat"),
    (VALUE, "值得注意 看点 亮点 要点 考点 关注点 嚼头 干货 精华 精髓 启示 启发 收获 借鉴 参考 学习 "
            "可复用 有意思 有趣 精彩 巧妙 妙处 interest interesting notable noteworthy of_note "
            "highlight highlights takeaway takeaways lesson lessons repay repays pay_off pays_off "
            "reward rewards rewarding instructive useful valuable insight insights best_part "
            # verbs of merit: "Three spots deserve your squinting", "Two things justify…"
            "deserve deserves merit merits warrant warrants justify justifies matter matters"),
    (EMPHASIS, "尤其是 特别是 尤其 尤为 especially in_particular particularly notably above_all"),
    (CAUTION, "需要注意 需注意 请注意 要注意 应注意 注意事项 小心 警惕 当心 限制 局限 风险 "
              "已知问题 使用时 部署时 上线前 升级前 升级时 前提是 note_that beware be_aware "
              "keep_in_mind caveat caveats warning be_careful limitation limitations known_issue "
              "known_issues gotcha"),
    (BACKGROUND, "背景 参阅 参见 另见 详见 见 背景材料 前情 博客 background see_also see cf "
                 "for_context blog"),
    (BACKGROUND, "延伸阅读 扩展阅读 拓展阅读 further_reading related_reading history 历史 "
                 "paper 论文"),
    # durations that are not reading time, and time given to reading
    (PROCESS, "ci 构建 编译 跑 运行 执行 压测 超时 延迟 等待 同步 上限 启动 训练 推理 部署 "
              "重试 间隔 每隔 过期 休眠 卡住 挂起 缓存 缩容 扩容 预热 下载 安装 上传 恢复 timeout "
              "build builds building job jobs compile compiles compilation run runs running ran "
              "took time_out times_out timed_out delay latency wait waits waiting sync limit "
              "cancel cancelled canceled startup train training inference deploy retry interval "
              "cooldown ttl expire expires sleep hang hangs runtime cache download install upload "
              "warm-up warmup backoff"),
    (BUDGET, "耗时 估计 预计 预估 估摸 估摸着 起步 以上 开外 拿出 plan_on took_me took_us"),
    (BUDGET, "留 预留 留出 腾出 抽出 安排 花 花费 用时 时长 用 需 要 大约 约 约莫 大概 左右 上下 "
             "以内 之内 搞定 的事 的工夫 的功夫 光景 budget set_aside allow allot allotted expect "
             "plan plan_for reserve reserved block_out clear carve_out estimated estimate "
             "takes take spend give_it about around roughly approximately approx under at_most "
             "tops or_so max i'd_say i'd_guess i_reckon i_guess call_it"),
    (AUDIENCE, "同学 读者 朋友 团队 用户 开发者 维护者 readers reader users teams anyone folks "
               "people maintainers owners everyone on-call"),
    (INCLUDE, "列入 纳入 算入 放入 放进 加入"),
    (TEMPORAL, "时 的时候 之时 while when"),
    (TEMPORAL | READ, "as_you_read while_reading when_reading as_you_go_through"),
    # stop words: longer words that contain a cue but are none
    (NULL, "浏览器 读取 读写 阅读器 看板 看门狗 看官 看来 看起来 看似 看作 看成 看到 看出 看下来 "
           "看好 "
           "看重 读出 读入 读到 只读 逐步 逐渐 逐年 意见 常见 可见 罕见 见过 看见 遇见 "
           "见到 显而易见 case_study 精度 精确 精简 精准 细粒度 深度学习 深拷贝 快照 快捷 "
           "避免 以免 难免 免费 免除 免去 免于 不免 免得 豁免 "
           "略微 略有 略显 策略 战略 省略号 跑不掉 跑不了 "
           "不过 不仅 不同 不断 不少 不错 不会 不再 不足 不久 不只 不但 不然 无论 无法 "
           "没想到 扫描 翻译 翻转 翻倍 忽略不计 不可忽略 不容忽视 学习率 了解到 研究表明 别的 "
           "别人 要求 需求 时间 时候 时延 同时 有时 临时 实时 及时 准时 按时 小时 用户态 用于 "
           "用来 作用 使用 采用 调用 复用 要么 主要 重要 需要时 花样 值得一提 关键字 "
           "核心数 deep_learning deep_copy deepcopy in_light_of read-only readonly look_up lookup "
           "quick_start quickstart nothing_else skip_connection skip_connections key_value "
           "open_source open-source open_question open_questions open_issue open_issues "
           "大部分 一部分 部分地 for_the_most_part in_part part_of if_only if_you_must "
           "非常 非得 非要 无非 莫非 是非 "
           "no_matter why_it_matters the_matter 读请求 读延迟 side_note sidenote footnote "
           # a verb's aspect or result: "看着吓人" looks scary, "看不懂的来找我", "只看了菜单"
           "看着 看上去 看不懂 读不懂 看了 读了 看过 读过 审阅者 审读者 "
           "特别"),  # "需特别检视": an adverb, not 别 (don't); "特别是" is a cue of its own
)


# "key points", "核心看点": importance points only with its noun ("group key", "核心数" don't)
_IMPORTANT = ("key", "core", "crucial", "essential", "important")
_HEADS = ("point", "points", "idea", "ideas", "change", "changes", "part", "parts", "detail",
          "details", "takeaway", "takeaways", "bits", "pieces", "question", "questions",
          "decision", "decisions", "design", "lesson", "lessons", "thing", "things", "insight",
          "insights")
# "the good stuff", "the juicy bits": merit, with a word for pieces of it (not "part")
_MERIT = ("good", "best", "juicy", "fun", "tasty", "meaty", "clever", "neat")
_MERIT_HEADS = ("bit", "bits", "stuff", "pieces", "spots")
_ZH_IMPORTANT = ("关键", "核心", "重要")
_ZH_HEADS = ("点", "之处", "看点", "思路", "设计", "改动", "变化", "问题", "决策", "部分", "细节",
             "要点", "亮点", "价值")


def key_of(word: str) -> str:
    """How a word is looked up: lowercase, any run of whitespace as one space."""
    return " ".join(word.lower().split())


@cache
def table() -> dict[str, int]:
    """Every word of the lexicon with its cue classes (a word in two rows gets both)."""
    from .levels import level_words  # it names its levels by this module's classes

    words: dict[str, int] = {}
    for flags, row in _TABLE:
        for word in _words(row):
            key = key_of(word)
            words[key] = words.get(key, 0) | flags
    for adjectives, nouns, space in (
        (_IMPORTANT, _HEADS, " "), (_MERIT, _MERIT_HEADS, " "), (_ZH_IMPORTANT, _ZH_HEADS, "")
    ):
        words.update((a + space + noun, VALUE) for a in adjectives for noun in nouns)
    for word, level in level_words():
        words.setdefault(word, level)
    for word, flags in list(words.items()):
        if flags & (DEPTH | BREVITY) and word.endswith("ly") and word.isalpha():
            # "Review thoroughly": the verb of reviewing, known by its manner (the noun,
            # "the review", is a part)
            words.setdefault("review " + word, READ | flags & (DEPTH | BREVITY))
        if flags == ATTEND or flags == ATTEND | HEADER:
            # "The bit worth noticing is X", "The choices worth examining: X"; a gerund is
            # a noun and points only through an introducer (", noting that …" describes)
            for form in _gerunds(word):
                words.setdefault(form, ATTEND | HEADER)
    return words


def _gerunds(word: str) -> list[str]:
    """The -ing form of a one-word English attention verb ("notice" → "noticing")."""
    if not word.isascii() or not word.isalpha() or word.endswith("ing") or len(word) < 4:
        return []
    if word.endswith("e") and not word.endswith("ee"):
        return [word[:-1] + "ing"]
    return [word + "ing"]

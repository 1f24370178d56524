"""Word lists behind the injection co-occurrence rule for scripts written without spaces between
words or with attached particles: Chinese, Japanese, Korean, Arabic and Persian, Hindi, Hebrew (its
prefixes attach: "ההוראות"), Thai and Bengali (no I/O).

``injection_lexicon`` holds the cues and their meaning; here each cue maps to words matched as
substrings of a sentence (``_`` stands for a space), since these scripts give no word boundaries to
look words up by. A sentence only reads these lists when it holds a character of one of the scripts.
"""

from __future__ import annotations

import unicodedata
from typing import Final

__all__ = ["SCRIPT_CUES"]

# Cues for scripts without spaces between words (or with attached particles), matched as substrings;
# ``_`` stands for a space.
SCRIPT_CUES: Final[dict[str, str]] = {
    "ai": """
        עוזר בינה_מלאכותית צ'אטבוט ผู้ช่วย ปัญญาประดิษฐ์ แชทบอท دستیار هوش_مصنوعی সহকারী এআই
        人工智能 人工知能 助手 模型 アシスタント 言語モデル チャットボット 어시스턴트 모델 챗봇 인공지능
        الذكاء_الاصطناعي المساعد النموذج एआई सहायक मॉडल
    """,
    "you": """
        אתה את_ה שלך לך ממך คุณ شما خودت তুমি আপনি তোমার
        你 您 あなた 君 당신 너 네가 أنت لك آپ आप तुम تلقيت
    """,
    "override": """
        התעלם התעלמי שכח_את אל_תציית เพิกเฉย ละเว้น ลืม ไม่ต้องสนใจ نادیده_بگیر فراموش_کن উপেক্ষা ভুলে_যাও
        忽略 无视 無視 忘记 忘記 忘掉 忽视 忽視 不要遵守 不要理会 不要理會 抛开 拋開 放弃 放棄 不再遵循
        停止遵循 忘れ 従わ 무시 잊어 잊고 따르지 تجاهل انس_ لا_تتبع अनदेखा नज़रअंदाज़ नजरअंदाज भूल_जा
    """,
    "void": """
        لم_تعد_صالحة
        失效 作废 作廢 无效 無效 不再适用 不再適用 不再有效 廃止 無効 失効 適用されません 무효 더_이상_적용
        لم_تعد_سارية ملغاة अमान्य रद्द
    """,
    "instr": """
        הוראות הנחיות כללים คำสั่ง คำแนะนำ กฎ دستورها دستورات دستورالعمل قوانین নির্দেশ
        指令 指示 说明 說明 規則 规则 命令 提示 设定 設定 约束 約束 准则 準則 ルール 지시 지침 명령 규칙
        프롬프트 تعليمات التعليمات القواعد الأوامر إرشادات निर्देश नियम आदेश
    """,
    "scope": """
        קודמות הקודמות הקודם ก่อนหน้า เดิม قبلی আগের পূর্ববর্তী
        之前 以前 先前 上面 原来 原始 初始 收到 これまで 最初 元の 与えられた 이전 위의 기존 지금까지 받은
        주어진 السابقة पिछले पहले الأصلية تلقيت
    """,
    "steer": """
        告诉 告訴 回答 回复 回覆 声称 答え 伝え 답변 대답 답하 말해 알려 أجب قل_ أخبر बताओ बताएं कहो जवाब
    """,
    "modal": """
        חייב רשאי מעתה ต้อง باید অবশ্যই
        必须 必須 请 請 务必 一律 从现在 從現在 今後 ください 今から これから 하세요 해야 반드시 지금부터
        이제부터 يجب من_الآن अब_से चाहिए करें बताए
        これ以降 今後は 从今往后
    """,
    "leak": """
        העתק לשכפל לצטט לשכתב লিখে_দিন
        הצג חשוף הדפס כתוב_את แสดง เปิดเผย พิมพ์ออก نشان_بده فاش_کن بنویس দেখাও প্রকাশ
        اكتب انسخ लिख نسخ
        显示 顯示 输出 輸出 告诉我 打印 透露 泄露 洩露 重复 重複 复述 给我看 給我看 表示 出力 教え 見せ 繰り返
        書き出 보여 출력 알려 공개 반복 اعرض اكشف اطبع كرر दिखा प्रिंट
    """,
    "leak_obj": """
        הנחיית_המערכת פרומפט_המערכת הוראות_המערכת הנחיות_המערכת พรอมต์ระบบ ข้อความระบบ คำสั่งระบบ پرامپت_سیستم
        دستورهای_سیستمی সিস্টেম_প্রম্পট
        系统提示 系統提示 系统指令 系統指令 提示词 提示詞 初始指令 原始指令 システムプロンプト 最初の指示
        元の指示 初期指示 시스템_프롬프트 시스템프롬프트 초기_지시 시스템_지시 시스템지시
        موجه_النظام تعليمات_النظام सिस्टम_प्रॉम्प्ट
    """,
    "secret": """
        不要提及 不要告诉 不要透露 悄悄 秘密地 言及しない 伝えないで 몰래 언급하지 سرا دون_إخبار चुपके
    """,
    "limitless": """
        没有任何限制 没有限制 無限制 无限制 制限なし 制限のない 제한_없는 제한이_없는 بدون_قيود
        बिना_किसी_प्रतिबंध
    """,
    "send": """
        שלח שלחי העבר ส่ง بفرست ارسال_کن পাঠাও
        发送 發送 发到 發到 发给 發給 上传 上傳 转发 轉發 送信 送って 送る アップロード 転送 전송 보내 업로드
        أرسل ارسل إرسال ارسال يرسل भेज
    """,
    "data": """
        היסטוריית_השיחה השיחה סיסמ ประวัติการสนทนา การสนทนา รหัสผ่าน تاریخچه_گفتگو گفتگو رمز_عبور কথোপকথন পাসওয়ার্ড
        对话 對話 聊天 历史 歷史 记录 記錄 密码 密碼 数据 數據 会話 履歴 パスワード データ 認証情報 대화 기록
        비밀번호 데이터 المحادثة كلمة_المرور بيانات बातचीत पासवर्ड डेटा
    """,
    "proc": """
        阅读 閱讀 处理 處理 読む 読んで 処理する 읽는 처리하는 يقرأ يعالج पढ़ प्रोसेस
    """,
    "henceforth": """
        从现在 從現在 从今以后 從今以後 今後 今から これから 지금부터 이제부터 앞으로 من_الآن अब_से
        これ以降 今後は 从今往后 أنت_الآن
    """,
    "prep": """
        致 给 給 へ 宛 에게 께 إلى प्रिय
    """,
    "mention": """
        例如 比如 例えば 文言 예를_들어 예시 改ざん
        התקפ תוקפ הזרק למשל לדוגמה การโจมตี ผู้โจมตี ตัวอย่าง การแทรก حمله تزریق مثلا برای_مثال আক্রমণ উদাহরণ
        حقن أمثلة مثال
        攻击 攻擊 注入 攻撃 공격 인젝션 هجوم हमला 脆弱性 漏洞 취약점 インジェクション
    """,
    "tool": """
        ツール 関数 工具 函数 调用 調用 呼び出 도구 함수 호출 أداة دالة टूल फ़ंक्शन เรียก เครื่องมือ
    """,
    "destroy": """
        削除 删除 刪除 삭제 حذف हटा
    """,
    "link": """
        画像 图片 圖片 图像 链接 鏈接 リンク 이미지 링크 صورة رابط चित्र लिंक
    """,
    "convo": """
        对话 對話 聊天 会話 会话 會話 대화 المحادثة बातचीत
    """,
}

# wave 17: Hindi "example" and "injection" (a training note that quotes an attack is a mention)
SCRIPT_CUES["mention"] += " उदाहरण इंजेक्शन\n"
# wave 47: a Chinese pentest report and its tester, as the English "pentest" and "tester" are mentions
SCRIPT_CUES["mention"] += " 渗透测试 滲透測試 测试人员 測試人員 测试报告 測試報告\n"
# wave 18: a Thai reader named by what it does ("any system that reads this document")
SCRIPT_CUES["ai"] += " ระบบอัตโนมัติ ระบบใดก็ตาม ระบบที่อ่าน โปรแกรมที่อ่าน\n"
SCRIPT_CUES["proc"] += " ที่อ่าน ที่ประมวลผล\n"
# wave 18: the Korean "must" after any verb stem ("보여줘야 합니다", "말아야 합니다")
SCRIPT_CUES["modal"] += " 야_합니다 야_한다 야합니다\n"
# wave 24: Hebrew with the article on the adjective ("הבינה המלאכותית"), an AI agent ("סוכן"), the infinitive send
# ("לשלוח") and "one must" ("יש ל", "עליך")
SCRIPT_CUES["ai"] += " בינה_המלאכותית סוכן_הבינה סוכן_AI\n"
SCRIPT_CUES["send"] += " לשלוח להעביר שלחו\n"
SCRIPT_CUES["modal"] += " יש_ל עליך עלייך\n"
# wave 24: the Korean formal imperative ("보고하십시오")
SCRIPT_CUES["modal"] += " 십시오\n"
# wave 25: the Korean bot ("봇에게") and a rule thrown away as scrapped ("폐기된")
SCRIPT_CUES["ai"] += " 봇\n"
SCRIPT_CUES["void"] += " 폐기\n"
# wave 25: filling a value in ("把密钥填入 k 参数")
SCRIPT_CUES["put"] = " 填入 填进 填到 代入\n"
# wave 26: Urdu (the AI assistant, "ignore", "instructions", "previous", "your own", "from now on"); and every word
# in NFKC, the form the scan reads: Thai "ำ" (sara am) is "ํา" there, so "คำสั่งระบบ" never matched as written (and
# the Thai "print" is "print out", พิมพ์ออก: a bare พิมพ์ is inside "printer", เครื่องพิมพ์)
for _cue, _words in {
    "ai": "اے_آئی اسسٹنٹ",
    "override": "نظر_انداز",
    "instr": "ہدایات",
    "scope": "پچھلی پچھلے",
    "you": "اپنی اپنے",
    "henceforth": "اب_سے",
    "prep": "کے_لیے",
}.items():
    SCRIPT_CUES[_cue] = SCRIPT_CUES.get(_cue, "") + " " + _words + "\n"
# wave 27: the Arabic "write out" and "verbatim" (تكتب ... حرفياً) and "initial" (the instructions one started with),
# the Hindi "e-mail" as a send verb (ईमेल कर दे)
for _cue, _words in {"leak": "تكتب اكتب حرفيا حرفياً", "scope": "الأولية الاولية", "send": "ईमेल_कर"}.items():
    SCRIPT_CUES[_cue] = SCRIPT_CUES.get(_cue, "") + " " + _words + "\n"
SCRIPT_CUES["void"] += " 더_이상_유효하지 유효하지_않 더는_유효하지\n"  # wave 29: the Korean "no longer valid"
# wave 29: a placeholder replaced by the chat's data (替换成, Bengali বসিয়ে "put in"), the Bengali "conversation"
SCRIPT_CUES["put"] += " 替换成 替换为 替換成 替換為 换成 換成 বসিয়ে\n"
SCRIPT_CUES["convo"] = SCRIPT_CUES.get("convo", "") + " কথোপকথন\n"
# wave 30: the Chinese "send it out / paste it out" (发出来, 贴出来) as copy-out verbs
SCRIPT_CUES["leak"] += " 发出来 發出來 贴出来 貼出來 发给我 發給我\n"
SCRIPT_CUES.update({_cue: unicodedata.normalize("NFKC", _words) for _cue, _words in SCRIPT_CUES.items()})
# wave 49: a leak named as the path, route or channel it takes ("데이터 유출 경로", "データ流出の経路", "数据泄露途径"):
# a risk described, as the English "vulnerability" and "threat" are mentions; an order to leak names no path it takes
SCRIPT_CUES["mention"] += " 유출_경로 유출_통로 유출_채널 流出経路 流出の経路 流出ルート\n"
SCRIPT_CUES["mention"] += " 漏洩経路 漏洩の経路 漏えい経路 泄露途径 泄露渠道 泄露的途径\n"
SCRIPT_CUES["mention"] += " 外泄途径 外泄渠道 外泄的途径 洩露途徑 洩露管道 外洩途徑\n"

"""Word lists behind the injection co-occurrence rule for scripts written without spaces between
words or with attached particles: Chinese, Japanese, Korean, Arabic and Hindi (no I/O).

``injection_lexicon`` holds the cues and their meaning; here each cue maps to words matched as
substrings of a sentence (``_`` stands for a space), since these scripts give no word boundaries to
look words up by. A sentence only reads these lists when it holds a character of one of the scripts.
"""

from __future__ import annotations

from typing import Final

__all__ = ["SCRIPT_CUES"]

# Cues for scripts without spaces between words (or with attached particles), matched as substrings;
# ``_`` stands for a space.
SCRIPT_CUES: Final[dict[str, str]] = {
    "ai": """
        人工智能 人工知能 助手 模型 アシスタント 言語モデル チャットボット 어시스턴트 모델 챗봇 인공지능
        الذكاء_الاصطناعي المساعد النموذج एआई सहायक मॉडल
    """,
    "you": """
        你 您 あなた 君 당신 너 네가 أنت لك آپ आप तुम
    """,
    "override": """
        忽略 无视 無視 忘记 忘記 忘掉 忽视 忽視 不要遵守 不要理会 不要理會 抛开 拋開 放弃 放棄 不再遵循
        停止遵循 忘れ 従わ 무시 잊어 잊고 따르지 تجاهل انس_ لا_تتبع अनदेखा नज़रअंदाज़ नजरअंदाज भूल_जा
    """,
    "void": """
        失效 作废 作廢 无效 無效 不再适用 不再適用 不再有效 廃止 無効 失効 適用されません 무효 더_이상_적용
        لم_تعد_سارية ملغاة अमान्य रद्द
    """,
    "instr": """
        指令 指示 说明 說明 規則 规则 命令 提示 设定 設定 约束 約束 准则 準則 ルール 지시 지침 명령 규칙
        프롬프트 تعليمات التعليمات القواعد الأوامر إرشادات निर्देश नियम आदेश
    """,
    "scope": """
        之前 以前 先前 上面 原来 原始 初始 收到 これまで 最初 元の 与えられた 이전 위의 기존 지금까지 받은
        주어진 السابقة पिछले पहले
    """,
    "steer": """
        告诉 告訴 回答 回复 回覆 声称 答え 伝え 답변 대답 답하 말해 알려 أجب قل_ أخبر बताओ बताएं कहो जवाब
    """,
    "modal": """
        必须 必須 请 請 务必 一律 从现在 從現在 今後 ください 今から これから 하세요 해야 반드시 지금부터
        이제부터 يجب من_الآن अब_से चाहिए करें
        これ以降 今後は 从今往后
    """,
    "leak": """
        显示 顯示 输出 輸出 告诉我 打印 透露 泄露 洩露 重复 重複 复述 给我看 給我看 表示 出力 教え 見せ 繰り返
        書き出 보여 출력 알려 공개 반복 اعرض اكشف اطبع كرر दिखा प्रिंट
    """,
    "leak_obj": """
        系统提示 系統提示 系统指令 系統指令 提示词 提示詞 初始指令 原始指令 システムプロンプト 最初の指示
        元の指示 初期指示 시스템_프롬프트 시스템프롬프트 초기_지시 موجه_النظام تعليمات_النظام सिस्टम_प्रॉम्प्ट
    """,
    "secret": """
        不要提及 不要告诉 不要透露 悄悄 秘密地 言及しない 伝えないで 몰래 언급하지 سرا دون_إخبار चुपके
    """,
    "limitless": """
        没有任何限制 没有限制 無限制 无限制 制限なし 制限のない 제한_없는 제한이_없는 بدون_قيود
        बिना_किसी_प्रतिबंध
    """,
    "send": """
        发送 發送 发到 發到 发给 發給 上传 上傳 转发 轉發 送信 送って 送る アップロード 転送 전송 보내 업로드
        أرسل ارسل भेज
    """,
    "data": """
        对话 對話 聊天 历史 歷史 记录 記錄 密码 密碼 数据 數據 会話 履歴 パスワード データ 認証情報 대화 기록
        비밀번호 데이터 المحادثة كلمة_المرور بيانات बातचीत पासवर्ड डेटा
    """,
    "proc": """
        阅读 閱讀 处理 處理 読む 読んで 処理する 읽는 처리하는 يقرأ يعالج पढ़ प्रोसेस
    """,
    "henceforth": """
        从现在 從現在 从今以后 從今以後 今後 今から これから 지금부터 이제부터 앞으로 من_الآن अब_से
        これ以降 今後は 从今往后
    """,
    "prep": """
        致 给 給 へ 宛 에게 께 إلى प्रिय
    """,
    "mention": """
        攻击 攻擊 注入 攻撃 공격 인젝션 هجوم हमला
    """,
    "tool": """
        ツール 関数 工具 函数 调用 調用 呼び出 도구 함수 호출 أداة دالة टूल फ़ंक्शन
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

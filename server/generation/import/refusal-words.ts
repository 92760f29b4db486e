// What block and error pages say, in the languages of our marketplaces and their shoppers: data
// for the rules in refusals.ts (a new language or wording is a new alternative here).

/**
 * "Page not found" as sites write it in the languages of our marketplaces and their shoppers (a
 * site's own 404 template says little else). Matched only on a short page's headings and first
 * words, never on a page that carries a product.
 */
export const PAGE_NOT_FOUND =
  /page (?:was )?not found|page you(?:['’]re| are| were)? (?:looking|searching) for (?:(?:was|is|could)(?: not|n['’]t)|can(?:not|['’]t| not)|not) (?:be )?found|couldn['’]?t find (?:that|this|the) page|página no encontrada|no (?:se )?(?:ha )?(?:podido )?encontr\w+ la página|página não encontrada|seite (?:wurde )?nicht gefunden|page (?:introuvable|non trouvée)|pagina non trovata|pagina niet gevonden|sidan (?:kunde inte hittas|hittades inte)|siden (?:blev ikke fundet|ble ikke funnet|finnes ikke)|sivua ei löytynyt|stránka nebyla nalezena|stránka nenájdená|pagina nu a fost găsită|az oldal nem található|η σελίδα δεν βρέθηκε|сторінку не знайдено|trang không tồn tại|không tìm thấy trang|strona nie (?:została )?znaleziona|страница не найдена|sayfa bulunamadı|ページが見つかりません|页面不存在|找不到(?:该|此)?页面|頁面不存在|페이지를 찾을 수 없습니다|ไม่พบหน้า|الصفحة غير موجودة|(?:this )?(?:item|product|listing) (?:does not|doesn['’]?t) exist|(?:この)?商品(?:は存在しません|が見つかりません)|(?:商品|宝贝)不存在/i

/**
 * What a robot check says in place of a page, in the languages of our marketplaces and their shoppers:
 * "make sure you are not a robot", "suspicious activity", "unusual traffic" (from this network).
 * Matched only on a short page that carries no product.
 */
export const ROBOT_CHECK_WORDS =
  /(?:not|aren'?t) a robot|suspicious activity|unusual traffic|не робот|подозрительн\p{L}* активност|необычн\p{L}* трафик|kein roboter|verdächtige aktivität|ungewöhnliche\p{L}* (?:datenverkehr|aktivität)|no (?:eres|es|sos) un robot|actividad sospechosa|tráfico inusual|não (?:é|és|sou) um robô|atividade suspeita|tráfego incomum|pas un robot|activité suspecte|trafic inhabituel|non (?:sei|è|sono) un robot|attività sospetta|traffico insolito|nie jesteś robotem|podejrzan\p{L}* aktywnoś|nietypowy ruch|robot olmadığınızı|şüpheli (?:etkinlik|aktivite)|geen robot|verdachte activiteit|ロボットではない|不審なアクティビティ|異常なトラフィック|不是机器人|可疑活动|异常流量|로봇이 아닙니다|의심스러운 활동|لست روبوت|نشاط مشبوه/iu

/** A refusal of the network a request came from: "turn off your VPN", "connect to another network". */
export const NETWORK_REFUSAL =
  /(?:turn off|disable) (?:your )?vpn|connect to (?:a different|another) network|выключите vpn|отключите vpn|подключитесь к другой сети|vpn (?:deaktivieren|ausschalten)|desactiva (?:tu |la )?vpn|desative (?:sua |a )?vpn|désactivez (?:votre )?vpn|disattiva (?:la )?vpn|wyłącz vpn|vpn'?i kapat/i

/** "Something went wrong (on our end)": a server's apology in place of the page. */
export const WENT_WRONG =
  /something went wrong|algo salió mal|etwas ist schiefgelaufen|une erreur (?:s'est produite|est survenue)|qualcosa è andato storto|algo deu errado|что-то пошло не так|エラーが発生しました|出错了|문제가 발생했습니다/i

/**
 * "System error", "service unavailable" and Korean's "error page" as an error template's title or
 * heading says them, in the languages of our shoppers' sites (Naver's "[에러] 에러페이지 - 시스템오류");
 * English's "service unavailable" is read with the status words in refusals.ts.
 */
export const SERVICE_ERROR =
  /system error|servicio no disponible|error del sistema|serviço indisponível|erro (?:do|de) sistema|service indisponible|erreur (?:du )?système|dienst (?:ist )?(?:vorübergehend )?nicht verfügbar|systemfehler|servizio non disponibile|errore di sistema|сервис (?:временно )?недоступен|системная ошибка|サービスは(?:現在|一時的に)?(?:ご)?利用(?:でき|いただけ)ません|システムエラー|服务(?:暂时)?不可用|系统错误|服務(?:暫時)?無法使用|系統錯誤|에러 ?페이지|시스템 ?(?:오류|에러)|서비스 (?:접속|이용)이 (?:불가|원활하지)/iu

/** A check of the visitor's browser or device in place of the page ("Gold Apple — checking device", "Checking your browser"). */
export const BROWSER_CHECK_WORDS =
  /checking (?:your |the )?(?:device|browser)|(?:device|browser) check|verifying (?:your )?(?:device|browser)|проверка (?:устройства|браузера)|проверяем (?:устройство|браузер)|vérification (?:de l'appareil|du navigateur)|überprüfung (?:des geräts|ihres browsers)|comprobando (?:el |su )?(?:dispositivo|navegador)|verificando (?:o |seu )?(?:dispositivo|navegador)|verifica del (?:dispositivo|browser)/i

/** A sign-in page's title in place of the product ("Temu | Login"). */
export const SIGN_IN_TITLE =
  /(?:^|[\s|–—:-])(?:log ?in|sign ?in|sign in \/ register|anmelden|einloggen|connexion|se connecter|iniciar sesión|entrar|accedi|inloggen|zaloguj(?: się)?|вход|войти|giriş(?: yap)?|ログイン|登录|登入|로그인)(?:$|[\s|–—:-])/i

/**
 * A page's own words asking for a sign-in before it shows anything ("Looks like you're not logged in
 * yet. Log in to continue"); not a top bar's link ("亲，请登录" on every Taobao page).
 */
export const SIGN_IN_WORDS =
  /\bnot (?:logged|signed) in\b|\b(?:log|sign) ?in to (?:continue|view|see)\b|\bplease (?:log|sign) ?in\b|\byou (?:must|need to) (?:be logged in|log ?in|sign ?in)\b|bitte (?:melde dich|melden sie sich) an|veuillez vous connecter|connectez-vous pour continuer|inicia sesión para continuar|faça login para continuar|accedi per continuare|zaloguj się, aby kontynuować|para continuar, (?:acesse ?sua conta|ingresa ?a tu cuenta|inicia sesión)|войдите, чтобы продолжить/i

/**
 * A site's own block page ("Request Blocked", "Blocked - Indeed.com", "You have been blocked", "Your
 * access has been blocked"), and "access denied / restricted" in the languages of our shoppers' sites.
 */
export const BLOCKED_HEADLINE =
  /^\W*(?:request )?blocked\b|you(?:'ve| have) been blocked|^\W*access (?:denied|blocked|restricted)\b|^\W*your access (?:has been|was|is) (?:blocked|denied|restricted)\b|^\W*(?:доступ (?:ограничен|запрещ[её]н|заблокирован)|zugriff verweigert|zugang gesperrt|acceso denegado|acceso restringido|accès refusé|accès restreint|acesso negado|acesso restrito|accesso negato|dostęp zabroniony|dostęp ograniczony|erişim engellendi|erişim reddedildi|toegang geweigerd|アクセスが拒否されました|アクセス制限|访问被拒绝|拒绝访问|접근이 거부되었습니다)/iu

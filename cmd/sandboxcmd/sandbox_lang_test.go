package sandboxcmd

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/apitest"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/sandbox"
	"github.com/promoctl/promoctl/internal/sandbox/inprocess"
)

// TestSandboxBannerInTheLanguage: sandbox serve's banner, and the faults
// it names, are said from the catalogs: Russian under a Russian locale,
// English as before otherwise.
func TestSandboxBannerInTheLanguage(t *testing.T) {
	s := sandbox.Started{URL: "http://0.0.0.0:8787", Addr: "0.0.0.0:8787", Exposed: true, DataPath: "/d/sandbox.db", Reset: true,
		Faults: sandbox.Faults{RateLimit: sandbox.Rate{N: 100000, Per: time.Second}, Latency: 1500 * time.Millisecond,
			CreateLatency: 300 * time.Millisecond, ListLag: time.Second, DropAfterCreate: 0.05}}
	for _, tc := range []struct {
		lang i18n.Lang
		want string
	}{
		{i18n.Russian, "песочница promoctl работает по адресу http://0.0.0.0:8787\n" +
			"предупреждение: 0.0.0.0:8787 — не локальный (loopback) адрес: войти в песочницу с этими данными может любой, кому этот адрес доступен\n" +
			"файл данных (демо-данные восстановлены): /d/sandbox.db\n" +
			"данные для входа:\n" +
			"  ID пользователя 1, ключ API sandbox (видит сайты 1 и 2)\n" +
			"  ID пользователя 2, ключ API sandbox-2 (владеет сайтом 3)\n" +
			"сбои (чтобы отрепетировать массовые операции):\n" +
			"  ограничение частоты: 100\u00a0000 запросов в секунду (сверх него — ответ 429 с Retry-After)\n" +
			"  задержка 1,5\u00a0с на каждый запрос\n" +
			"  создание промокода идёт на 300\u00a0мс дольше, и промокод сохраняется, даже если клиент уже не ждёт ответа\n" +
			"  новый промокод появляется в списке через 1\u00a0с после создания\n" +
			"  5\u00a0% созданных промокодов сохраняются, но ответа на запрос нет\n" +
			"попробуйте: promoctl --base-url http://0.0.0.0:8787 --user-id 1 --token sandbox promo list --site-id 1\n" +
			"чтобы остановить, нажмите Ctrl-C\n"},
		{i18n.English, "promoctl sandbox listening on http://0.0.0.0:8787\n" +
			"warning: 0.0.0.0:8787 is not a loopback address; anyone who can reach it can use the sandbox credentials\n" +
			"data file (reset to demo data): /d/sandbox.db\n" +
			"credentials:\n" +
			"  user id 1, token sandbox (can view sites 1 and 2)\n" +
			"  user id 2, token sandbox-2 (owns site 3)\n" +
			"faults (for rehearsing bulk work):\n" +
			"  rate limit 100000/s (429 with Retry-After beyond it)\n" +
			"  latency 1.5s on every request\n" +
			"  creates take 300ms more, and are stored even if the client has left\n" +
			"  the list shows a new promo code 1s after it is created\n" +
			"  5% of creates stored, then dropped without an answer\n" +
			"try: promoctl --base-url http://0.0.0.0:8787 --user-id 1 --token sandbox promo list --site-id 1\n" +
			"press Ctrl-C to stop\n"},
	} {
		var b bytes.Buffer
		banner(&b, i18n.New(tc.lang))(s)
		if b.String() != tc.want {
			t.Errorf("%s banner:\n%s\nwant:\n%s", tc.lang, b.String(), tc.want)
		}
	}
	// One request a minute: the count's own form.
	var b bytes.Buffer
	banner(&b, i18n.New(i18n.Russian))(sandbox.Started{URL: "http://x", Faults: sandbox.Faults{RateLimit: sandbox.Rate{N: 1, Per: time.Minute}}})
	if want := "  ограничение частоты: 1 запрос в минуту (сверх него — ответ 429 с Retry-After)\n"; !bytes.Contains(b.Bytes(), []byte(want)) {
		t.Errorf("banner:\n%s\nwant a line %q", b.String(), want)
	}
}

// TestSandboxRedeemRefusalsInRussian: each refusal of sandbox redeem, and
// what to add to an order with nothing to discount, in Russian; the exit
// code, and -o json's status, kind and title (the server's), are the same
// in either language.
func TestSandboxRedeemRefusalsInRussian(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		ru, en string
	}{
		{[]string{"--code", "PAUSED50", "--order-price", "100"},
			"промокод PAUSED50 не принят: промокод выключен",
			"promo code PAUSED50 refused: the promo code is disabled"},
		{[]string{"--code", "NOPE", "--order-price", "100"},
			"промокод NOPE не принят: на этом сайте нет такого промокода",
			"promo code NOPE refused: no such promo code on this site"},
		{[]string{"--code", "summer2024", "--order-price", "100"},
			"промокод SUMMER2024 не принят: срок действия промокода истёк",
			"promo code SUMMER2024 refused: the promo code has expired"},
		{[]string{"--code", "NEWYEAR2099", "--order-price", "100"},
			"промокод NEWYEAR2099 не принят: срок действия промокода ещё не начался",
			"promo code NEWYEAR2099 refused: the promo code is not valid yet"},
		{[]string{"--code", "LIMITED3", "--order-price", "100"},
			"промокод LIMITED3 не принят: промокод уже применили столько раз, сколько разрешено",
			"promo code LIMITED3 refused: the promo code has been used the permitted number of times"},
		{[]string{"--code", "ONCEONLY", "--order-price", "100"},
			"промокод ONCEONLY не принят: промокод можно применить один раз на покупателя, а покупатель не указан",
			"promo code ONCEONLY refused: the promo code is once per customer and no customer was given"},
		{[]string{"--code", "FREESHIP", "--order-price", "900"},
			"промокод FREESHIP не принят: в заказе нет ничего, на что даёт скидку промокод; FREESHIP даёт скидку на доставку: добавьте --delivery-price",
			"promo code FREESHIP refused: the order has nothing the promo code discounts; FREESHIP discounts delivery: add --delivery-price"},
		{[]string{"--code", "FREESHIP", "--order-price", "900", "--delivery-price", "0"},
			"промокод FREESHIP не принят: в заказе нет ничего, на что даёт скидку промокод; FREESHIP даёт скидку на доставку: укажите --delivery-price больше 0",
			"promo code FREESHIP refused: the order has nothing the promo code discounts; FREESHIP discounts delivery: give a --delivery-price above 0"},
		{[]string{"--code", "WELCOME10", "--order-price", "0", "--delivery-price", "300"},
			"промокод WELCOME10 не принят: в заказе нет ничего, на что даёт скидку промокод; WELCOME10 даёт скидку на товары: укажите --order-price больше 0",
			"promo code WELCOME10 refused: the order has nothing the promo code discounts; WELCOME10 discounts the goods: give an --order-price above 0"},
		{[]string{"--code", "WELCOME10", "--order-price", "0"},
			"промокод WELCOME10 не принят: в заказе нет ничего, на что даёт скидку промокод; заказ ничего не стоит: укажите --order-price больше 0, а для промокода на доставку — ещё и --delivery-price",
			"promo code WELCOME10 refused: the order has nothing the promo code discounts; the order costs nothing: give an --order-price above 0, and a --delivery-price for a delivery code"},
	} {
		r := newSandboxRunner(t)
		args := append([]string{"sandbox", "redeem", "--site-id", "1"}, tc.args...)
		r.Env["LANG"] = "ru_RU.UTF-8"
		r.Run(args...).Expect(t, 1, "", "promoctl: "+tc.ru+"\n")
		ruJSON := r.Run(append(args, "-o", "json")...)
		r.Env["LANG"] = "C"
		r.Run(args...).Expect(t, 1, "", "promoctl: "+tc.en+"\n")
		enJSON := r.Run(append(args, "-o", "json")...)
		// The machine's fields are the same; only the message is the
		// language's.
		if ruJSON.Code != enJSON.Code || !bytes.Contains([]byte(ruJSON.Stderr), []byte(`"message":"`+tc.ru+`"`)) ||
			string(bytes.Replace([]byte(ruJSON.Stderr), []byte(tc.ru), []byte(tc.en), 1)) != enJSON.Stderr {
			t.Errorf("%v -o json: Russian exit %d %s\nEnglish exit %d %s", tc.args, ruJSON.Code, ruJSON.Stderr, enJSON.Code, enJSON.Stderr)
		}
	}
}

// TestSandboxInUseInRussian: the data file held by a served sandbox is
// said in Russian with the address to talk to it at.
func TestSandboxInUseInRussian(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sandbox.db")
	err := inprocess.OpenError(&sandbox.InUseError{Path: path, Waited: 300 * time.Millisecond})
	ru, en := i18n.New(i18n.Russian), i18n.New(i18n.English)
	if got, want := ru.ErrorText(err), "файл данных песочницы "+path+" занят другим процессом (ждали 300\u00a0мс, но он так и не освободился); "+
		"пока работает «promoctl sandbox serve», обращайтесь к песочнице по адресу, который она вывела (по умолчанию: --base-url http://127.0.0.1:8787 --token sandbox --user-id 1)"; got != want {
		t.Errorf("Russian:\n got %q\nwant %q", got, want)
	}
	if got, want := en.ErrorText(err), "sandbox data file "+path+" is in use by another process (gave up after waiting 300ms for its lock); "+
		"while 'promoctl sandbox serve' runs, talk to it at the address it printed (by default: --base-url http://127.0.0.1:8787 --token sandbox --user-id 1)"; got != want {
		t.Errorf("English:\n got %q\nwant %q", got, want)
	}
}

// TestSandboxRedeemHintsInRussian: which sandbox user can view a site, a
// site the sandbox lacks, and a server that is no sandbox, in Russian.
func TestSandboxRedeemHintsInRussian(t *testing.T) {
	const denied = "у вас нет доступа к сайту %s (ошибка API 30: user cant view site); "
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"sandbox", "redeem", "--site-id", "3", "--code", "COFFEE10", "--order-price", "10"},
			"применение промокода COFFEE10 на сайте 3: " + strings.Replace(denied, "%s", "3", 1) + "сайт 3 принадлежит пользователю песочницы 2: добавьте --user-id 2"},
		{[]string{"--user-id", "2", "sandbox", "redeem", "--site-id", "2", "--code", "WELCOME10", "--order-price", "10"},
			"применение промокода WELCOME10 на сайте 2: " + strings.Replace(denied, "%s", "2", 1) + "сайт 2 виден пользователю песочницы 1: укажите --user-id 1"},
		{[]string{"sandbox", "redeem", "--site-id", "99", "--code", "WELCOME10", "--order-price", "10"},
			"применение промокода WELCOME10 на сайте 99: " + strings.Replace(denied, "%s", "99", 1) + "в песочнице нет сайта 99 (пользователь 1 видит сайты 1 и 2, пользователь 2 — сайт 3)"},
	} {
		r := newSandboxRunner(t)
		r.Env["LANG"] = "ru_RU.UTF-8"
		r.Run(tc.args...).Expect(t, 3, "", "promoctl: "+tc.want+"\n")
	}
	r := newRunner(t)
	r.Env["LANG"] = "ru_RU.UTF-8"
	r.API.Handle("POST /sandbox/redeem", http.StatusNotFound, apitest.Error(404, 0, "not found"))
	r.Run("sandbox", "redeem", "--site-id", "1", "--code", "WELCOME10", "--order-price", "10").Expect(t, 4, "",
		"promoctl: применение промокода WELCOME10 на сайте 1: "+r.API.URL+" — не песочница promoctl: POST /sandbox/redeem ответил 404 (адрес API: переменная PROMOCTL_BASE_URL); "+
			"запустите песочницу командой `promoctl sandbox serve` или добавьте --sandbox, чтобы применить промокод в локальном файле данных\n")
}

// TestSandboxFaultFlagsInRussian: a wrong fault, from a flag or from the
// environment, is refused in the run's language, exit 2 in both.
func TestSandboxFaultFlagsInRussian(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		env    map[string]string
		ru, en string
	}{
		{args: []string{"sandbox", "serve", "--rate-limit", "5/h"},
			ru: `--rate-limit: «5/h» — не ограничение частоты: нужно N/s или N/m, например 50/s`,
			en: `--rate-limit: rate limit "5/h" is not N/s or N/m, such as 50/s`},
		{args: []string{"sandbox", "serve", "--rate-limit", "0/s"},
			ru: "--rate-limit: «0/s»: N должно быть от 1 до 1\u00a0000\u00a0000",
			en: `--rate-limit: rate limit "0/s": N must be between 1 and 1000000`},
		{args: []string{"sandbox", "serve", "--latency", "9h"},
			ru: "--latency: «9h0m0s» — нужна задержка от 0 до 10\u00a0с, например 20ms",
			en: `--latency: "9h0m0s" is not a latency between 0 and 10s, such as 20ms`},
		{args: []string{"sandbox", "serve", "--drop-after-create", "3"},
			ru: `--drop-after-create: «3» — нужна доля от 0 до 1, например 0.05`,
			en: `--drop-after-create: "3" is not a fraction between 0 and 1, such as 0.05`},
		{args: []string{"sandbox", "serve"}, env: map[string]string{"PROMOCTL_SANDBOX_LIST_LAG": "9h"},
			ru: "PROMOCTL_SANDBOX_LIST_LAG: «9h» — нужно отставание от 0 до 1\u00a0мин, например 1s",
			en: `PROMOCTL_SANDBOX_LIST_LAG: "9h" is not a lag between 0 and 1m, such as 1s`},
	} {
		r := newSandboxRunner(t)
		for k, v := range tc.env {
			r.Env[k] = v
		}
		r.Env["LANG"] = "ru_RU.UTF-8"
		r.Run(tc.args...).Expect(t, 2, "", "promoctl: "+tc.ru+"\n")
		r.Env["LANG"] = "C"
		r.Run(tc.args...).Expect(t, 2, "", "promoctl: "+tc.en+"\n")
	}
}

// TestSandboxDataFileInRussian: a damaged data file, with the way to
// start again, a file that is no data file, and sandbox reset refusing a
// held or foreign file, said in Russian; English as before.
func TestSandboxDataFileInRussian(t *testing.T) {
	ru, en := i18n.New(i18n.Russian), i18n.New(i18n.English)
	home := t.TempDir()
	env := config.Env(func(k string) (string, bool) { return map[string]string{"HOME": home}[k], k == "HOME" })
	damaged := inprocess.WithRecoveryHint(inprocess.OpenError(&sandbox.DamagedError{Path: "/d/x.db",
		Damage: sandbox.Damage{Kind: sandbox.CutShort, Size: 8192, Need: 12288}}), "/d/x.db", env)
	page := inprocess.OpenError(&sandbox.DamagedError{Path: "/d/x.db",
		Damage: sandbox.Damage{Kind: sandbox.PageOverwritten, Page: 3, Part: sandbox.FreePageList}})
	foreign := inprocess.OpenError(&sandbox.ForeignFileError{Path: "/d/notes.txt"})
	for _, c := range []struct {
		err    error
		ru, en string
	}{
		{damaged, "файл данных песочницы /d/x.db повреждён: он обрезан: 8\u00a0192 байт из 12\u00a0288; чтобы начать заново с демо-данных, выполните `promoctl sandbox reset --data /d/x.db`",
			"sandbox data file /d/x.db is damaged: it is cut short to 8192 of its 12288 bytes; run `promoctl sandbox reset --data /d/x.db` to start again from the demo data"},
		{page, "файл данных песочницы /d/x.db повреждён: перезаписана страница 3 (список свободных страниц)",
			"sandbox data file /d/x.db is damaged: its free page list (page 3) is overwritten"},
		{foreign, "не удалось открыть песочницу: /d/notes.txt — не файл данных песочницы",
			"open the sandbox: open sandbox /d/notes.txt: it is not a sandbox data file"},
	} {
		if got := ru.ErrorText(c.err); got != c.ru {
			t.Errorf("Russian:\n got %q\nwant %q", got, c.ru)
		}
		if got := en.ErrorText(c.err); got != c.en || c.err.Error() != c.en {
			t.Errorf("English:\n got %q (Error %q)\nwant %q", got, c.err.Error(), c.en)
		}
		if !errors.Is(c.err, sandbox.ErrDamaged) && c.err != foreign {
			t.Errorf("%v does not match ErrDamaged", c.err)
		}
	}

	ctx := context.Background()
	held := filepath.Join(t.TempDir(), "sandbox.db")
	store, err := sandbox.Open(ctx, held, sandbox.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	notes := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(notes, []byte("my notes"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, ru string }{
		{held, "сбросить песочницу не удалось: файл данных " + held + " занят другим процессом (ждали 50\u00a0мс, но он так и не освободился); " +
			"сначала остановите другой promoctl (например, «promoctl sandbox serve»)"},
		{notes, "сбросить песочницу не удалось: " + notes + " — не файл данных песочницы, он оставлен как есть"},
	} {
		e := cmdtest.NewVerbEnv(t, false, format.Table)
		err := runSandboxReset(ctx, &sandboxResetOptions{IO: e.Sess.IO, Data: c.path, LockWait: 50 * time.Millisecond})
		if got := ru.ErrorText(err); got != c.ru {
			t.Errorf("sandbox reset %s in Russian:\n got %q\nwant %q", c.path, got, c.ru)
		}
	}
}

// TestSandboxRedeemUsageInRussian: sandbox redeem's refusals of its flags
// are catalog messages: Russian with «ёлочки» under a Russian locale,
// English otherwise; exit 2 and no request either way.
func TestSandboxRedeemUsageInRussian(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		ru, en string
	}{
		{[]string{"sandbox", "redeem", "--site-id", "1", "--order-price", "10"}, "нужен --code", "--code is required"},
		{[]string{"sandbox", "redeem", "--site-id", "1", "--code", "X"}, "нужен --order-price", "--order-price is required"},
		{[]string{"sandbox", "redeem", "--site-id", "1", "--code", "X", "--order-price", "abc"},
			"--order-price: «abc» — не сумма денег", `--order-price: "abc" is not an amount of money`},
		{[]string{"sandbox", "redeem", "--code", "X", "--order-price", "10"},
			"нужен --site-id: встроенная песочница не берёт site_id из ваших настроек (пользователь 1 видит сайты 1 и 2, пользователь 2 — сайт 3)",
			"--site-id is required: the in-process sandbox ignores your configured site_id (user 1 can view sites 1 and 2, user 2 site 3)"},
	} {
		r := newSandboxRunner(t)
		r.Env["LANG"] = "ru_RU.UTF-8"
		r.Run(tc.args...).Expect(t, 2, "", "promoctl: "+tc.ru+"\n")
		r.Env["LANG"] = "C"
		r.Run(tc.args...).Expect(t, 2, "", "promoctl: "+tc.en+"\n")
	}
}

// TestSandboxErrorsSayThemselves: the sandbox's typed errors are catalog
// messages, said in the run's language wherever they end up.
func TestSandboxErrorsSayThemselves(t *testing.T) {
	ru := i18n.New(i18n.Russian)
	for _, tc := range []struct {
		err    error
		ru, en string
	}{
		{&sandbox.InUseError{Path: "/d/s.db", Waited: 2 * time.Second},
			"файл данных песочницы /d/s.db занят другим процессом (ждали 2\u00a0с, но он так и не освободился)",
			"sandbox data file /d/s.db is in use by another process (gave up after waiting 2s for its lock)"},
		{&sandbox.DamagedError{Path: "/d/s.db", Damage: sandbox.Damage{Kind: sandbox.CutShort, Size: 4096, Need: 32768}},
			"файл данных песочницы /d/s.db повреждён: он обрезан: 4\u00a0096 байт из 32\u00a0768",
			"sandbox data file /d/s.db is damaged: it is cut short to 4096 of its 32768 bytes"},
		{&sandbox.RateError{Value: "5/h"},
			"«5/h» — не ограничение частоты: нужно N/s или N/m, например 50/s",
			`rate limit "5/h" is not N/s or N/m, such as 50/s`},
		{&sandbox.RefusedError{Code: "SUMMER", Reason: sandbox.RefusalExpired},
			"промокод SUMMER не принят: срок действия промокода истёк",
			"promo code SUMMER refused: the promo code has expired"},
		{sandbox.Faults{Latency: time.Hour}.Validate(),
			"задержка 1\u00a0ч должна быть от 0 до 10\u00a0с",
			"latency 1h must be between 0 and 10s"},
	} {
		if got := ru.ErrorText(tc.err); got != tc.ru {
			t.Errorf("Russian:\n got %q\nwant %q", got, tc.ru)
		}
		if got := tc.err.Error(); got != tc.en {
			t.Errorf("English:\n got %q\nwant %q", got, tc.en)
		}
	}
}

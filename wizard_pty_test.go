package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/creack/pty"
)

// The terminal tests run the real promoctl (this test binary, which
// TestMain installs on PATH as promoctl) on a pseudo-terminal against the
// in-process sandbox, and type at it as a person would: the full-screen
// huh forms, raw mode, Ctrl-C and all.

// ptyTimeout bounds each wait for the screen; generous, for a loaded
// 2-core machine running the suite under -race.
const ptyTimeout = 60 * time.Second

// ansiRE matches the escape sequences a terminal program draws with.
var ansiRE = regexp.MustCompile(`\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|[@-Z\\-_])`)

// stripANSI is what a terminal would show of s, as plain text and without
// the cursor moves (a screen capture is close enough for finding text).
func stripANSI(s string) string { return ansiRE.ReplaceAllString(s, "") }

// sandboxEnv is the environment of a promoctl run on a sandbox of its own.
func sandboxEnv(t *testing.T, home string) []string {
	t.Helper()
	return []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + home,
		"XDG_CONFIG_HOME=" + filepath.Join(home, ".config"),
		"XDG_STATE_HOME=" + filepath.Join(home, ".local", "state"),
		"TZ=UTC",
		"TERM=xterm-256color",
		"LANG=C.UTF-8",
		"PROMOCTL_NO_KEYRING=1",
		"GORACE=" + os.Getenv("GORACE"),
	}
}

func promoctlPath(t *testing.T) string {
	t.Helper()
	bin, err := exec.LookPath("promoctl")
	if err != nil {
		t.Fatalf("promoctl is not on PATH (TestMain puts it there): %v", err)
	}
	return bin
}

// term is promoctl running on a pseudo-terminal.
type term struct {
	t       *testing.T
	cmd     *exec.Cmd
	pty     *os.File
	mu      sync.Mutex
	out     bytes.Buffer // everything the program drew
	mark    int          // how far expect has read the plain text
	done    chan struct{}
	answers answers
	// answered is closed once late answers (answers.delay) were sent.
	answered chan struct{}
}

// answers is how a terminal answers the queries a program writes to it.
type answers struct {
	// none: it answers no query, as a terminal (or a multiplexer, or a
	// serial line) that does not understand them.
	none bool
	// delay: it answers this late, as over a slow link (ssh far away).
	delay time.Duration
}

// startTerm runs promoctl with args on a 100x40 terminal, or skips the test
// when this machine has no pseudo-terminals.
func startTerm(t *testing.T, env []string, args ...string) *term {
	t.Helper()
	return startTermWith(t, answers{}, env, promoctlPath(t), args...)
}

// startTermWith runs bin with args on a 100x40 terminal that answers
// queries as a says.
func startTermWith(t *testing.T, a answers, env []string, bin string, args ...string) *term {
	t.Helper()
	if _, err := os.Stat("/dev/ptmx"); err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 40, Cols: 100})
	if err != nil {
		if errors.Is(err, os.ErrNotExist) || errors.Is(err, os.ErrPermission) {
			t.Skipf("cannot open a pseudo-terminal: %v", err)
		}
		t.Fatalf("start promoctl on a pty: %v", err)
	}
	tm := &term{t: t, cmd: cmd, pty: f, done: make(chan struct{}), answers: a, answered: make(chan struct{})}
	go tm.read()
	t.Cleanup(func() {
		if tm.cmd.ProcessState == nil {
			tm.cmd.Process.Kill()
			tm.cmd.Wait()
		}
		f.Close()
		<-tm.done
	})
	return tm
}

// read copies what the program draws into out until the terminal closes,
// answering the queries a real terminal would answer (cursor position,
// background colour), so that nothing waits for a reply; as tm.answers
// says, it answers none, or late.
func (tm *term) read() {
	defer close(tm.done)
	buf := make([]byte, 4096)
	late := false
	for {
		n, err := tm.pty.Read(buf)
		if n > 0 {
			// Answered in the order asked, as a terminal does: the colour
			// first, then the cursor position that follows its query.
			chunk := buf[:n]
			var answer []byte
			if !tm.answers.none && bytes.Contains(chunk, []byte("\x1b]11;?")) {
				answer = append(answer, "\x1b]11;rgb:0000/0000/0000\x1b\\"...)
			}
			if !tm.answers.none && bytes.Contains(chunk, []byte("\x1b[6n")) {
				answer = append(answer, "\x1b[1;1R"...)
			}
			switch {
			case answer == nil:
			case tm.answers.delay == 0:
				tm.pty.Write(answer)
			case !late:
				late = true
				time.AfterFunc(tm.answers.delay, func() { tm.pty.Write(answer); close(tm.answered) })
			}
			tm.mu.Lock()
			tm.out.Write(chunk)
			tm.mu.Unlock()
		}
		if err != nil {
			return // EIO once the program has exited
		}
	}
}

// screen is the plain text drawn so far.
func (tm *term) screen() string {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return stripANSI(tm.out.String())
}

// raw is everything drawn so far, escape sequences and all.
func (tm *term) raw() string {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return tm.out.String()
}

// expect waits until text appears after what earlier expects found.
func (tm *term) expect(text string) {
	tm.t.Helper()
	deadline := time.Now().Add(ptyTimeout)
	for {
		// Whether it has ended first, then the screen: what it drew
		// before it ended is all there (read writes it before done).
		ended := false
		select {
		case <-tm.done:
			ended = true
		default:
		}
		s := tm.screen()
		if i := strings.Index(s[min(tm.mark, len(s)):], text); i >= 0 {
			tm.mark += i + len(text)
			return
		}
		if ended {
			tm.t.Fatalf("promoctl ended before showing %q; the screen:\n%s", text, s)
		}
		if time.Now().After(deadline) {
			tm.t.Fatalf("no %q on the screen after %s; the screen:\n%s", text, ptyTimeout, s)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// send types keys.
func (tm *term) send(keys string) {
	tm.t.Helper()
	if _, err := tm.pty.Write([]byte(keys)); err != nil {
		tm.t.Fatalf("type %q: %v", keys, err)
	}
}

// wait waits for promoctl to exit and returns its exit code.
func (tm *term) wait() int {
	tm.t.Helper()
	exited := make(chan error, 1)
	go func() { exited <- tm.cmd.Wait() }()
	select {
	case err := <-exited:
		var ee *exec.ExitError
		if err != nil && !errors.As(err, &ee) {
			tm.t.Fatalf("wait for promoctl: %v", err)
		}
		<-tm.done
		return tm.cmd.ProcessState.ExitCode()
	case <-time.After(ptyTimeout):
		tm.t.Fatalf("promoctl did not exit within %s; the screen:\n%s", ptyTimeout, tm.screen())
	}
	return -1
}

// sandboxCodes lists the codes of site 1 of the sandbox in home, run
// without a terminal.
func sandboxCodes(t *testing.T, env []string) map[string]int64 {
	t.Helper()
	cmd := exec.Command(promoctlPath(t), "--sandbox", "promo", "list", "--site-id", "1", "-o", "json")
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("promo list: %v\n%s", err, stderr.String())
	}
	var list []struct {
		ID   int64  `json:"id"`
		Code string `json:"code"`
	}
	if err := json.Unmarshal(out, &list); err != nil {
		t.Fatalf("promo list -o json: %v\n%s", err, out)
	}
	codes := map[string]int64{}
	for _, p := range list {
		codes[p.Code] = p.ID
	}
	return codes
}

// TestWizardOnATerminal types a code into the create form and accepts
// every other default with Enter, the site choice included.
func TestWizardOnATerminal(t *testing.T) {
	home := t.TempDir()
	env := sandboxEnv(t, home)
	tm := startTerm(t, env, "--sandbox", "promo", "create")
	tm.expect("Code")
	tm.send("PTYWIZ1")
	tm.expect("PTYWIZ1")
	tm.send("\r") // to the site
	tm.expect("Site")
	tm.send("\r") // the first site; on to the discount
	tm.expect("Discount on")
	for range 4 { // goods, percentage, 10, enabled
		tm.send("\r")
	}
	tm.expect("Valid from")
	for range 4 { // no start, no end, unlimited, not once per customer
		tm.send("\r")
	}
	tm.expect("The same without the form:")
	tm.expect("promoctl --sandbox promo create --site-id 1 --code PTYWIZ1 --bonus-type goods --amount 10 --percent --enabled --once-per-user=false")
	tm.expect("Create promo code PTYWIZ1 on site 1?")
	tm.send("\r") // Yes is the default
	tm.expect("Created promo code PTYWIZ1")
	if code := tm.wait(); code != 0 {
		t.Fatalf("exit code = %d, want 0; the screen:\n%s", code, tm.screen())
	}
	if _, ok := sandboxCodes(t, env)["PTYWIZ1"]; !ok {
		t.Errorf("PTYWIZ1 is not in the promo list after the wizard; the screen:\n%s", tm.screen())
	}
}

// TestWizardAbort presses Ctrl-C, or Esc, in the middle of the form: exit
// 130 and nothing created.
func TestWizardAbort(t *testing.T) {
	for _, c := range []struct{ name, key, code string }{
		{"ctrl-c", "\x03", "PTYCTRLC"},
		{"esc", "\x1b", "PTYESC"},
	} {
		t.Run(c.name, func(t *testing.T) {
			home := t.TempDir()
			env := sandboxEnv(t, home)
			before := sandboxCodes(t, env)
			tm := startTerm(t, env, "--sandbox", "promo", "create", "--site-id", "1")
			tm.expect("Code")
			tm.send(c.code)
			tm.expect(c.code)
			tm.send("\r")
			tm.expect("Discount on")
			tm.send(c.key)
			if code := tm.wait(); code != 130 {
				t.Fatalf("exit code = %d, want 130; the screen:\n%s", code, tm.screen())
			}
			if s := tm.screen(); !strings.Contains(s, "promoctl: cancelled") {
				t.Errorf("no cancel message on the screen:\n%s", s)
			}
			after := sandboxCodes(t, env)
			if len(after) != len(before) {
				t.Errorf("the promo list changed: %d codes before, %d after", len(before), len(after))
			}
			if _, ok := after[c.code]; ok {
				t.Errorf("%s was created despite the abort", c.code)
			}
		})
	}
}

// TestDeleteConfirmOnATerminal deletes a promo code after answering y, and
// keeps one when the question is answered with Enter (No).
func TestDeleteConfirmOnATerminal(t *testing.T) {
	home := t.TempDir()
	env := sandboxEnv(t, home)
	create := exec.Command(promoctlPath(t), "--sandbox", "promo", "create", "--site-id", "1", "--code", "PTYDEL1")
	create.Env = env
	if out, err := create.CombinedOutput(); err != nil {
		t.Fatalf("create: %v\n%s", err, out)
	}
	id, ok := sandboxCodes(t, env)["PTYDEL1"]
	if !ok {
		t.Fatal("PTYDEL1 was not created")
	}
	ids := jsonID(id)

	tm := startTerm(t, env, "--sandbox", "promo", "delete", ids)
	tm.expect("Delete promo code PTYDEL1 (id " + ids + ") from the sandbox?")
	tm.send("\r") // No is the default
	if code := tm.wait(); code != 130 {
		t.Fatalf("Enter: exit code = %d, want 130; the screen:\n%s", code, tm.screen())
	}
	if _, ok := sandboxCodes(t, env)["PTYDEL1"]; !ok {
		t.Fatal("PTYDEL1 was deleted though the answer was the default, No")
	}

	tm = startTerm(t, env, "--sandbox", "promo", "delete", ids)
	tm.expect("Delete promo code PTYDEL1 (id " + ids + ") from the sandbox?")
	tm.send("y")
	tm.expect("Deleted promo code PTYDEL1 (id " + ids + ").")
	if code := tm.wait(); code != 0 {
		t.Fatalf("y: exit code = %d, want 0; the screen:\n%s", code, tm.screen())
	}
	if _, ok := sandboxCodes(t, env)["PTYDEL1"]; ok {
		t.Error("PTYDEL1 is still there after y")
	}
}

func jsonID(id int64) string {
	b, _ := json.Marshal(id)
	return string(b)
}

// TestAccessibleWizardOnATerminal runs the form as plain line prompts
// (PROMOCTL_ACCESSIBLE=1) on a terminal in line mode, where Ctrl-C is a
// signal rather than a key and Ctrl-D ends the input.
func TestAccessibleWizardOnATerminal(t *testing.T) {
	for _, c := range []struct {
		name, code, key string
		exit            int
	}{
		{"answers", "PTYACC1", "", 0},
		{"ctrl-c", "PTYACC2", "\x03", 130},
		{"ctrl-d", "PTYACC3", "\x04", 130},
	} {
		t.Run(c.name, func(t *testing.T) {
			env := append(sandboxEnv(t, t.TempDir()), "PROMOCTL_ACCESSIBLE=1")
			tm := startTerm(t, env, "--sandbox", "promo", "create", "--site-id", "1")
			tm.expect("Code")
			tm.send(c.code + "\r")
			tm.expect("Discount on [goods]")
			if c.key != "" {
				tm.send(c.key)
			} else {
				// The rest by default: goods, percentage, 10, enabled, no
				// dates, unlimited, not once per customer; then create.
				for _, prompt := range []string{"Discount as", "Amount, % [10]", "Enabled [Y/n]", "Valid from",
					"Valid until", "Maximum uses", "Once per customer [y/N]", "Create promo code " + c.code + " on site 1? [Y/n]"} {
					tm.send("\r")
					tm.expect(prompt)
				}
				tm.send("\r")
				tm.expect("Created promo code " + c.code)
			}
			if code := tm.wait(); code != c.exit {
				t.Fatalf("exit code = %d, want %d; the screen:\n%s", code, c.exit, tm.screen())
			}
			if _, ok := sandboxCodes(t, env)[c.code]; ok != (c.exit == 0) {
				t.Errorf("%s created = %v, want %v; the screen:\n%s", c.code, ok, c.exit == 0, tm.screen())
			}
		})
	}
}

// promoctlOutput runs promoctl without a terminal and returns its stdout;
// the run must succeed.
func promoctlOutput(t *testing.T, env []string, args ...string) string {
	t.Helper()
	res := runPromoctl(t, env, args...)
	if res.code != 0 {
		t.Fatalf("promoctl %s: exit %d\n%s", strings.Join(args, " "), res.code, res.stderr)
	}
	return res.stdout
}

// TestWizardShowsEveryOption opens the form on a promo code whose discount
// is on delivery and in money, the second option of each list: both lists
// show all their options from the start, not only the chosen one, and the
// hint under Enabled fits the command.
func TestWizardShowsEveryOption(t *testing.T) {
	for _, c := range []struct {
		name    string
		args    func(t *testing.T, env []string) []string
		hint    string // under Enabled
		notHint string
		money   string // under Amount
	}{
		{"update", func(t *testing.T, env []string) []string {
			promoctlOutput(t, env, "--sandbox", "promo", "create", "--site-id", "1", "--code", "PTYOPTS1",
				"--bonus-type", "delivery", "--amount", "300", "--percent=false", "--enabled")
			return []string{"--sandbox", "promo", "update", jsonID(sandboxCodes(t, env)["PTYOPTS1"]), "-i"}
		}, "Customers can use the code while it is enabled.", "as soon as it is created",
			// The record names no site, and no site_id is set: the
			// currency is not known.
			"Money off, in the shop's currency."},
		{"create with flags", func(*testing.T, []string) []string {
			return []string{"--sandbox", "promo", "create", "-i", "--site-id", "1", "--code", "PTYOPTS2",
				"--bonus-type", "delivery", "--amount", "300", "--percent=false"}
		}, "Customers can use the code as soon as it is created.", "while it is enabled",
			"Money off, in the shop's currency: RUB (₽)."}, // site 1's, from its record
	} {
		t.Run(c.name, func(t *testing.T) {
			env := sandboxEnv(t, t.TempDir())
			tm := startTerm(t, env, c.args(t, env)...)
			tm.expect("Code")
			tm.send("\r") // keep the code; on to the discount
			tm.expect("Discount on")
			// No key is pressed here: every option must be drawn as the
			// group opens.
			for _, s := range []string{"Goods: the cost of the order's goods", "Delivery: the cost of delivery",
				"Discount as", "A percentage (up to 100%)", "A fixed amount of money", c.money, "Enabled", c.hint} {
				tm.expect(s)
			}
			if s := tm.screen(); strings.Contains(s, c.notHint) {
				t.Errorf("the form says %q; the screen:\n%s", c.notHint, s)
			}
			tm.send("\x03")
			if code := tm.wait(); code != 130 {
				t.Fatalf("exit code = %d, want 130; the screen:\n%s", code, tm.screen())
			}
		})
	}
}

// TestStdinOnATerminal runs the commands that read stdin with it on a
// terminal: each says what it expects on stderr, Enter ends the API key
// and Ctrl-D the promo code object, and the first Ctrl-C cancels.
func TestStdinOnATerminal(t *testing.T) {
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer k3y-from-the-terminal" {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte("[]"))
	}))
	t.Cleanup(api.Close)
	login := []string{"auth", "login", "--with-token", "--user-id", "7", "--base-url", api.URL}
	create := []string{"--sandbox", "promo", "create", "--site-id", "1", "-f", "-"}
	for _, c := range []struct {
		name   string
		args   []string
		hint   string
		keys   string
		exit   int
		screen string // shown after the keys
	}{
		{"login", login, "Paste the API key, then press Enter", "k3y-from-the-terminal\r", 0, "Logged in to " + api.URL + " as user 7"},
		{"login ctrl-c", login, "Paste the API key, then press Enter", "\x03", 130, "promoctl: cancelled"},
		{"file", create, "Paste a JSON or YAML promo code object, then press Ctrl-D", `{"code": "PTYFILE1"}` + "\r\x04", 0, "Created promo code PTYFILE1"},
		{"file ctrl-c", create, "Paste a JSON or YAML promo code object, then press Ctrl-D", `{"code": "PTYFILE2"}` + "\r\x03", 130, "promoctl: cancelled"},
	} {
		t.Run(c.name, func(t *testing.T) {
			env := sandboxEnv(t, t.TempDir())
			tm := startTerm(t, env, c.args...)
			tm.expect(c.hint)
			tm.send(c.keys)
			tm.expect(c.screen)
			if code := tm.wait(); code != c.exit {
				t.Fatalf("exit code = %d, want %d; the screen:\n%s", code, c.exit, tm.screen())
			}
		})
	}
}

// TestWizardRefusesACodeInUse types, in lower case, a code that the
// sandbox's site 1 has already: the code field says so at once.
func TestWizardRefusesACodeInUse(t *testing.T) {
	env := sandboxEnv(t, t.TempDir())
	promoctlOutput(t, env, "--sandbox", "promo", "create", "--site-id", "1", "--code", "PTYTAKEN1")
	tm := startTerm(t, env, "--sandbox", "promo", "create", "--site-id", "1")
	tm.expect("Code")
	tm.send("ptytaken1")
	tm.expect("ptytaken1")
	tm.send("\r")
	tm.expect("ptytaken1 is already a promo code of this site: choose another code")
	tm.send("\x03")
	if code := tm.wait(); code != 130 {
		t.Fatalf("exit code = %d, want 130; the screen:\n%s", code, tm.screen())
	}
}

// TestDeleteConfirmEscClearsThePrompt presses Esc at the delete
// confirmation: the question is taken off the screen, as Enter takes it
// off, rather than left above "promoctl: cancelled".
func TestDeleteConfirmEscClearsThePrompt(t *testing.T) {
	for _, key := range []string{"\r", "\x1b", "\x03"} { // Enter (No), Esc, Ctrl-C
		home := t.TempDir()
		env := sandboxEnv(t, home)
		tm := startTerm(t, env, "--sandbox", "promo", "delete", "1001")
		tm.expect("Delete promo code")
		tm.send(key)
		if code := tm.wait(); code != 130 {
			t.Fatalf("%q: exit code = %d, want 130; the screen:\n%s", key, code, tm.screen())
		}
		tm.mu.Lock()
		raw := tm.out.String()
		tm.mu.Unlock()
		got := screenText(raw, 40)
		if strings.Contains(got, "Delete promo code") || !strings.Contains(got, "promoctl: cancelled") {
			t.Errorf("%q: the screen after the answer:\n%s\nwant the question gone and promoctl: cancelled", key, got)
		}
	}
}

// screenText replays what a program drew on a terminal of the given
// height and returns the lines left on it: enough of a VT100 for the
// inline forms (text, CR, LF, cursor up/down/column, erase line and
// screen below); other sequences are ignored.
func screenText(raw string, rows int) string {
	screen := make([][]rune, rows)
	row, col := 0, 0
	put := func(r rune) {
		for len(screen[row]) <= col {
			screen[row] = append(screen[row], ' ')
		}
		screen[row][col] = r
		col++
	}
	csiRE := regexp.MustCompile(`^\x1b\[([0-9;?]*)([ -/]*)([@-~])`)
	for i := 0; i < len(raw); {
		if m := csiRE.FindStringSubmatch(raw[i:]); m != nil {
			n := 1
			if v, err := strconv.Atoi(strings.Split(m[1], ";")[0]); err == nil && v > 0 {
				n = v
			}
			switch m[3] {
			case "A":
				row = max(row-n, 0)
			case "B":
				row = min(row+n, rows-1)
			case "G":
				col = n - 1
			case "K":
				switch m[1] {
				case "2":
					screen[row] = nil
				case "", "0":
					if col < len(screen[row]) {
						screen[row] = screen[row][:col]
					}
				}
			case "J":
				if m[1] == "" || m[1] == "0" {
					if col < len(screen[row]) {
						screen[row] = screen[row][:col]
					}
					for r := row + 1; r < rows; r++ {
						screen[r] = nil
					}
				}
			}
			i += len(m[0])
			continue
		}
		if loc := ansiRE.FindStringIndex(raw[i:]); loc != nil && loc[0] == 0 {
			i += loc[1]
			continue
		}
		r, size := utf8.DecodeRuneInString(raw[i:])
		i += size
		switch r {
		case '\r':
			col = 0
		case '\n':
			if row == rows-1 {
				screen = append(screen[1:], nil)
			} else {
				row++
			}
		default:
			if r >= ' ' {
				put(r)
			}
		}
	}
	var lines []string
	for _, l := range screen {
		if s := strings.TrimRight(string(l), " "); s != "" {
			lines = append(lines, s)
		}
	}
	return strings.Join(lines, "\n")
}

// TestWizardInRussianOnATerminal: with a Russian locale the wizard's
// fields, its key hints, its summary line and its question are Russian,
// and it creates the promo code as in English.
func TestWizardInRussianOnATerminal(t *testing.T) {
	home := t.TempDir()
	env := append(sandboxEnv(t, home), "LANG=ru_RU.UTF-8")
	tm := startTerm(t, env, "--sandbox", "promo", "create")
	tm.expect("Новый промокод")
	tm.expect("латинских букв")
	tm.expect("enter далее") // the key hints under the form are Russian too
	tm.send("PTYRU1")
	tm.expect("PTYRU1")
	tm.send("\r") // to the site
	tm.expect("Сайт")
	tm.send("\r") // the first site; on to the discount
	tm.expect("Скидка на")
	tm.expect("Товары: на стоимость товаров в заказе")
	tm.expect("Размер скидки, %") // the amount's title follows the unit chosen
	tm.send("\r")                 // goods
	tm.expect("Тип скидки")
	tm.send("\x1b[B") // a fixed sum
	tm.expect("Сумма скидки, ₽")
	for range 3 { // the fixed sum, 10, enabled
		tm.send("\r")
	}
	tm.expect("Действует с")
	for range 4 { // no start, no end, unlimited, not once per customer
		tm.send("\r")
	}
	tm.expect("Будет создан промокод:")
	tm.expect("10,00 на товары") // a decimal comma in Russian
	tm.expect("без ограничений")
	tm.expect("То же одной командой, без формы:")
	tm.expect("promoctl --sandbox promo create --site-id 1 --code PTYRU1 --bonus-type goods --amount 10 --percent=false --enabled --once-per-user=false")
	tm.expect("Создать промокод PTYRU1 на сайте 1?")
	tm.send("\r") // Yes (Да) is the default
	if code := tm.wait(); code != 0 {
		t.Fatalf("exit code = %d, want 0; the screen:\n%s", code, tm.screen())
	}
	if _, ok := sandboxCodes(t, env)["PTYRU1"]; !ok {
		t.Errorf("PTYRU1 is not in the promo list after the wizard; the screen:\n%s", tm.screen())
	}
}

// TestAccessibleWizardRefusesInRussian: in accessible mode with a Russian
// locale, a code that breaks the rules is refused in Russian and asked
// again.
func TestAccessibleWizardRefusesInRussian(t *testing.T) {
	env := append(sandboxEnv(t, t.TempDir()), "PROMOCTL_ACCESSIBLE=1", "LANG=ru_RU.UTF-8")
	tm := startTerm(t, env, "--sandbox", "promo", "create", "--site-id", "1")
	tm.expect("Промокод")
	tm.send("X\r")
	tm.expect("в промокоде должно быть от 2 до 15 символов, а их 1")
	tm.send("\x03")
	if code := tm.wait(); code != 130 {
		t.Fatalf("exit code = %d, want 130; the screen:\n%s", code, tm.screen())
	}
}

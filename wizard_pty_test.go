package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

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
	t    *testing.T
	cmd  *exec.Cmd
	pty  *os.File
	mu   sync.Mutex
	out  bytes.Buffer // everything the program drew
	mark int          // how far expect has read the plain text
	done chan struct{}
	// silent: answer no query, as a terminal (or a multiplexer, or a serial
	// line) that does not understand them.
	silent bool
}

// startTerm runs promoctl with args on a 100x40 terminal, or skips the test
// when this machine has no pseudo-terminals.
func startTerm(t *testing.T, env []string, args ...string) *term {
	t.Helper()
	return startTermWith(t, false, env, promoctlPath(t), args...)
}

// startTermWith runs bin with args on a 100x40 terminal that answers
// queries unless silent.
func startTermWith(t *testing.T, silent bool, env []string, bin string, args ...string) *term {
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
	tm := &term{t: t, cmd: cmd, pty: f, done: make(chan struct{}), silent: silent}
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
// background colour), so that nothing waits for a reply; a silent
// terminal answers none.
func (tm *term) read() {
	defer close(tm.done)
	buf := make([]byte, 4096)
	for {
		n, err := tm.pty.Read(buf)
		if n > 0 {
			// Answered in the order asked, as a terminal does: lipgloss
			// sends both and takes the first answer for the colour's.
			chunk := buf[:n]
			if !tm.silent && bytes.Contains(chunk, []byte("\x1b]11;?")) {
				tm.pty.Write([]byte("\x1b]11;rgb:0000/0000/0000\x1b\\"))
			}
			if !tm.silent && bytes.Contains(chunk, []byte("\x1b[6n")) {
				tm.pty.Write([]byte("\x1b[1;1R"))
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
		s := tm.screen()
		if i := strings.Index(s[min(tm.mark, len(s)):], text); i >= 0 {
			tm.mark += i + len(text)
			return
		}
		select {
		case <-tm.done:
			tm.t.Fatalf("promoctl ended before showing %q; the screen:\n%s", text, s)
		default:
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
	tm.expect("Deleted promo code " + ids)
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
				for _, prompt := range []string{"Discount as", "Amount [10]", "Enabled [Y/n]", "Valid from",
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

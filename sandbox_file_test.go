package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// These tests run the real promoctl (this test binary, which TestMain puts
// on PATH) as a child process against a sandbox data file that is damaged
// or held by another process, and check what a person sees: the exit code
// and every byte of stdout and stderr.

// result is what one promoctl process produced.
type result struct {
	code           int
	stdout, stderr string
}

// runPromoctl runs promoctl with env and args, without a terminal.
func runPromoctl(t *testing.T, env []string, args ...string) result {
	t.Helper()
	cmd := exec.Command(promoctlPath(t), args...)
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exitErr *exec.ExitError
	if err != nil && !errors.As(err, &exitErr) {
		t.Fatalf("run promoctl %s: %v", strings.Join(args, " "), err)
	}
	return result{code: cmd.ProcessState.ExitCode(), stdout: stdout.String(), stderr: stderr.String()}
}

func (r result) expect(t *testing.T, what string, code int, stdout, stderr string) {
	t.Helper()
	if r.code != code {
		t.Errorf("%s: exit code = %d, want %d\nstderr: %s", what, r.code, code, r.stderr)
	}
	if r.stdout != stdout {
		t.Errorf("%s: stdout:\n%s\nwant:\n%s", what, r.stdout, stdout)
	}
	if r.stderr != stderr {
		t.Errorf("%s: stderr:\n%s\nwant:\n%s", what, r.stderr, stderr)
	}
}

// sandboxFile is where promoctl keeps the sandbox of home.
func sandboxFile(home string) string {
	return filepath.Join(home, ".local", "state", "promoctl", "sandbox.db")
}

// pagesSize is how many bytes the pages of a bbolt file need (its high
// water mark times its page size), and its page size.
func pagesSize(t *testing.T, path string) (need, pageSize int64) {
	t.Helper()
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.View(func(tx *bolt.Tx) error { need = tx.Size(); return nil }); err != nil {
		t.Fatal(err)
	}
	return need, int64(db.Info().PageSize)
}

// TestDamagedSandboxFile cuts a real sandbox data file short, as a full
// disk or a crash of the machine might, and checks that every command
// that opens it says so in one line and exits 1, never with a panic; and
// that the documented recovery, `sandbox reset` (or `sandbox serve
// --reset`), starts again from the demo data.
func TestDamagedSandboxFile(t *testing.T) {
	home := t.TempDir()
	env := sandboxEnv(t, home)
	path := sandboxFile(home)
	list := []string{"--sandbox", "promo", "list", "--site-id", "1"}
	fresh := runPromoctl(t, env, list...)
	if fresh.code != 0 || fresh.stdout == "" {
		t.Fatalf("promo list on a new sandbox: %+v", fresh)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	need, pageSize := pagesSize(t, path)

	for _, size := range []int64{fi.Size() / 2, 3 * 4096, 4096, 100} {
		t.Run(fmt.Sprintf("cut to %d bytes", size), func(t *testing.T) {
			if size >= need {
				t.Fatalf("cutting the file to %d bytes leaves every page (%d bytes)", size, need)
			}
			if err := os.Truncate(path, size); err != nil {
				t.Fatal(err)
			}
			reason := fmt.Sprintf("it is cut short to %d of its %d bytes", size, need)
			if size < 2*pageSize {
				reason = fmt.Sprintf("it is cut short to %d bytes, less than its two header pages (%d bytes)", size, 2*pageSize)
			}
			damaged := fmt.Sprintf("promoctl: sandbox data file %s is damaged: %s; "+
				"run `promoctl sandbox reset` to start again from the demo data\n", path, reason)
			for _, args := range [][]string{
				list,
				{"--sandbox", "promo", "create", "--site-id", "1", "--code", "AFTERCUT1"},
				{"sandbox", "redeem", "--site-id", "1", "--code", "WELCOME10", "--order-price", "100"},
				{"sandbox", "serve", "--addr", "127.0.0.1:0"},
			} {
				what := strings.Join(args, " ")
				r := runPromoctl(t, env, args...)
				r.expect(t, what, 1, "", damaged)
				for _, bad := range []string{"panic", "goroutine"} {
					if strings.Contains(r.stderr, bad) {
						t.Errorf("%s: stderr mentions %q", what, bad)
					}
				}
			}
			if fi, err := os.Stat(path); err != nil || fi.Size() != size {
				t.Fatalf("the damaged file was changed by commands that only read it: %v, %v", fi, err)
			}

			runPromoctl(t, env, "sandbox", "reset").expect(t, "sandbox reset", 0, "", "Restored the demo data in "+path+".\n")
			runPromoctl(t, env, list...).expect(t, "promo list after reset", 0, fresh.stdout, "")
		})
	}

	t.Run("serve --reset", func(t *testing.T) {
		if err := os.Truncate(path, fi.Size()/2); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(promoctlPath(t), "sandbox", "serve", "--reset", "--addr", "127.0.0.1:0")
		cmd.Env = env
		stderr, err := cmd.StderrPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		defer func() {
			if cmd.ProcessState == nil {
				cmd.Process.Kill()
				cmd.Wait()
			}
		}()
		sc := bufio.NewScanner(stderr)
		var banner []string
		for sc.Scan() {
			banner = append(banner, sc.Text())
			if strings.HasPrefix(sc.Text(), "press Ctrl-C") {
				break
			}
		}
		if len(banner) < 2 || !strings.HasPrefix(banner[0], "promoctl sandbox listening on http://127.0.0.1:") ||
			banner[1] != "data file (reset to demo data): "+path {
			t.Fatalf("sandbox serve --reset on a damaged file printed:\n%s", strings.Join(banner, "\n"))
		}
		cmd.Process.Signal(os.Interrupt)
		rest, _ := io.ReadAll(stderr)
		if err := cmd.Wait(); err != nil {
			t.Errorf("sandbox serve --reset ended with %v; stderr after the banner: %s", err, rest)
		}
		runPromoctl(t, env, list...).expect(t, "promo list after serve --reset", 0, fresh.stdout, "")
	})
}

// lineBuffer collects what a child writes to a pipe and lets a test wait
// for a line.
type lineBuffer struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	more chan struct{} // closed (and replaced) when more is written
	done chan struct{}
}

func readLines(r io.Reader) *lineBuffer {
	b := &lineBuffer{more: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(b.done)
		chunk := make([]byte, 4096)
		for {
			n, err := r.Read(chunk)
			b.mu.Lock()
			b.buf.Write(chunk[:n])
			close(b.more)
			b.more = make(chan struct{})
			b.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	return b
}

// waitFor waits until the output holds want, for at most d: it looks
// again each time the child writes, and gives up when the pipe ends.
func (b *lineBuffer) waitFor(want string, d time.Duration) bool {
	deadline := time.NewTimer(d)
	defer deadline.Stop()
	for {
		b.mu.Lock()
		found, more := strings.Contains(b.buf.String(), want), b.more
		b.mu.Unlock()
		if found {
			return true
		}
		select {
		case <-more:
		case <-b.done:
			return strings.Contains(b.String(), want)
		case <-deadline.C:
			return false
		}
	}
}

func (b *lineBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// holdSandboxFile opens the sandbox data file of home the way another
// promoctl would, holding its lock until the test ends or release is
// called.
func holdSandboxFile(t *testing.T, home string) (release func()) {
	t.Helper()
	path := sandboxFile(home)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	release = func() { once.Do(func() { db.Close() }) }
	t.Cleanup(release)
	return release
}

// startPromoctl starts promoctl with its stderr collected through a pipe
// of its own, so that Wait returns as soon as the process ends.
func startPromoctl(t *testing.T, env []string, args ...string) (*exec.Cmd, *bytes.Buffer, *lineBuffer) {
	t.Helper()
	cmd := exec.Command(promoctlPath(t), args...)
	cmd.Env = env
	stdout := &bytes.Buffer{}
	cmd.Stdout = stdout
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = pw
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pw.Close()
	stderr := readLines(pr)
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
		<-stderr.done
		pr.Close()
	})
	return cmd, stdout, stderr
}

// TestSandboxFileInUse: while another process holds the sandbox data file,
// a --sandbox command says that it waits, stops at once on Ctrl-C (exit
// 130), gives up when --timeout runs out (exit 1), and carries on when the
// file is released.
func TestSandboxFileInUse(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	home := t.TempDir()
	env := sandboxEnv(t, home)
	path := sandboxFile(home)
	waiting := fmt.Sprintf("promoctl: waiting for the sandbox data file %s (held by another promoctl); press Ctrl-C to give up\n", path)
	list := []string{"--sandbox", "promo", "list", "--site-id", "1"}

	t.Run("ctrl-c", func(t *testing.T) {
		holdSandboxFile(t, home)
		cmd, stdout, stderr := startPromoctl(t, env, list...)
		if !stderr.waitFor(waiting, 10*time.Second) {
			t.Fatalf("no waiting message after 10s; stderr: %q", stderr.String())
		}
		sent := time.Now()
		if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
			t.Fatal(err)
		}
		cmd.Wait()
		took := time.Since(sent)
		<-stderr.done
		result{cmd.ProcessState.ExitCode(), stdout.String(), stderr.String()}.
			expect(t, "Ctrl-C while waiting", 130, "", waiting+"promoctl: cancelled\n")
		if took > 200*time.Millisecond {
			t.Errorf("promoctl ended %v after Ctrl-C, want within 200ms", took)
		}
	})

	t.Run("timeout", func(t *testing.T) {
		holdSandboxFile(t, home)
		start := time.Now()
		r := runPromoctl(t, env, append(list, "--timeout", "300ms")...)
		took := time.Since(start)
		r.expect(t, "--timeout 300ms while waiting", 1, "", waiting+"promoctl: sandbox data file "+path+
			" is in use by another process (gave up after waiting 300ms for its lock); while 'promoctl sandbox serve' runs,"+
			" talk to it at the address it printed (by default: --base-url http://127.0.0.1:8787 --token sandbox --user-id 1)\n")
		if took < 300*time.Millisecond || took > 3*time.Second {
			t.Errorf("--timeout 300ms: promoctl ended after %v", took)
		}
	})

	t.Run("released", func(t *testing.T) {
		want := runPromoctl(t, env, list...)
		if want.code != 0 {
			t.Fatalf("promo list: %+v", want)
		}
		release := holdSandboxFile(t, home)
		cmd, stdout, stderr := startPromoctl(t, env, list...)
		if !stderr.waitFor(waiting, 10*time.Second) {
			t.Fatalf("no waiting message after 10s; stderr: %q", stderr.String())
		}
		release()
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Fatal("promoctl still waits 20s after the file was released")
		}
		<-stderr.done
		result{cmd.ProcessState.ExitCode(), stdout.String(), stderr.String()}.
			expect(t, "promo list once the file is released", 0, want.stdout, waiting)
	})
}

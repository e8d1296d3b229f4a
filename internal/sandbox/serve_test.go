package sandbox

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// helperEnv makes the test binary run Serve instead of the tests: the
// kill -9 test starts a real server process this way.
const helperEnv = "PROMOCTL_SANDBOX_TEST_SERVE"

func TestMain(m *testing.M) {
	if path := os.Getenv(helperEnv); path != "" {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		err := Serve(ctx, ServeOptions{Addr: "127.0.0.1:0", DataPath: path, Started: bannerTo(os.Stdout), Log: io.Discard})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// bannerTo writes what Serve tells at start to w, a line each, as the
// tests read it: the URL, then the data file.
func bannerTo(w io.Writer) func(Started) {
	return func(s Started) {
		state := "data file"
		if s.Reset {
			state = "data file (reset to demo data)"
		}
		fmt.Fprintf(w, "promoctl sandbox listening on %s\n%s: %s\n", s.URL, state, s.DataPath)
	}
}

// bannerURL reads the banner until the listening line and returns the URL.
func bannerURL(t *testing.T, sc *bufio.Scanner) string {
	t.Helper()
	for sc.Scan() {
		if url, ok := strings.CutPrefix(sc.Text(), "promoctl sandbox listening on "); ok {
			return url
		}
	}
	t.Fatalf("no listening line in the banner: %v", sc.Err())
	return ""
}

func TestServe(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sandbox.db")
	pr, pw := io.Pipe()
	log := &syncBuffer{}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- Serve(ctx, ServeOptions{Addr: "127.0.0.1:0", DataPath: path, Started: bannerTo(pw), Log: log, Reset: true})
		pw.Close()
	}()
	sc := bufio.NewScanner(pr)
	url := bannerURL(t, sc)
	var banner strings.Builder
	bannerDone := make(chan struct{})
	go func() {
		defer close(bannerDone)
		for sc.Scan() {
			banner.WriteString(sc.Text() + "\n")
		}
	}()
	if !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Errorf("listening on %s, want loopback", url)
	}

	req, _ := http.NewRequest("GET", url+"/v1/promo?site_id=3", nil)
	req.Header.Set("Authorization", "Bearer sandbox-2")
	req.Header.Set("X-Api-User-Id", "2")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Errorf("GET over the server: %d", res.StatusCode)
	}

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Serve returned %v after cancel, want nil", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Serve did not return after cancel")
	}
	<-bannerDone
	for _, want := range []string{"data file (reset to demo data): " + path} {
		if !strings.Contains(banner.String(), want) {
			t.Errorf("banner lacks %q:\n%s", want, banner.String())
		}
	}
	if !strings.Contains(log.String(), "GET /v1/promo?site_id=3 200 ") {
		t.Errorf("request log: %q", log.String())
	}
	// The data file was released.
	s, err := Open(t.Context(), path, Options{Timeout: 100 * time.Millisecond})
	if err != nil {
		t.Fatalf("Open after Serve returned: %v", err)
	}
	s.Close()
}

func TestServeFailures(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sandbox.db")
	s, err := Open(t.Context(), path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	err = Serve(context.Background(), ServeOptions{Addr: "127.0.0.1:0", DataPath: path, LockTimeout: 100 * time.Millisecond})
	if !errors.Is(err, ErrInUse) || !strings.Contains(err.Error(), "in use by another process") {
		t.Errorf("Serve on a file in use: %v", err)
	}
	err = Serve(context.Background(), ServeOptions{Addr: "127.0.0.1:bad", DataPath: filepath.Join(t.TempDir(), "x.db")})
	if err == nil || !strings.Contains(err.Error(), "listen") {
		t.Errorf("Serve on a bad address: %v", err)
	}
}

// TestKillDurability starts a real server process, creates promo codes over
// HTTP while it runs, kills it with SIGKILL and checks that every create it
// acknowledged is in the data file.
func TestKillDurability(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a process")
	}
	path := filepath.Join(t.TempDir(), "sandbox.db")
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), helperEnv+"="+path)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	killed := false
	defer func() {
		if !killed {
			cmd.Process.Kill()
			cmd.Wait()
		}
	}()
	url := bannerURL(t, bufio.NewScanner(stdout))
	go io.Copy(io.Discard, stdout)

	var mu sync.Mutex
	var acked []string
	const workers, target = 4, 40
	stop := make(chan struct{})
	var wg sync.WaitGroup
	client := &http.Client{Timeout: 5 * time.Second}
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				code := fmt.Sprintf("K%dN%d", w, i)
				req, _ := http.NewRequest("POST", url+"/v1/promo", strings.NewReader(`{"site_id":1,"code":"`+code+`"}`))
				req.Header.Set("Authorization", "Bearer sandbox")
				req.Header.Set("X-Api-User-Id", "1")
				res, err := client.Do(req)
				if err != nil {
					return // the server is gone
				}
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode == http.StatusCreated {
					mu.Lock()
					acked = append(acked, code)
					mu.Unlock()
				}
			}
		}(w)
	}
	// Kill while creates are in flight, once enough were acknowledged.
	deadline := time.Now().Add(10 * time.Second)
	for {
		mu.Lock()
		n := len(acked)
		mu.Unlock()
		if n >= target || time.Now().After(deadline) {
			break
		}
		time.Sleep(2 * time.Millisecond)
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	killed = true
	cmd.Wait()
	close(stop)
	wg.Wait()

	mu.Lock()
	defer mu.Unlock()
	if len(acked) < target {
		t.Fatalf("only %d creates acknowledged before the deadline", len(acked))
	}
	s, err := Open(t.Context(), path, Options{Timeout: 2 * time.Second})
	if err != nil {
		t.Fatalf("reopen after kill: %v", err)
	}
	defer s.Close()
	items, err := s.listPromos(context.Background(), 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, it := range items {
		have[it.Code] = true
	}
	for _, code := range acked {
		if !have[code] {
			t.Errorf("acknowledged promo code %s lost after kill -9", code)
		}
	}
	t.Logf("%d acknowledged creates, %d promo codes on site 1 after kill -9", len(acked), len(items))
}

package cmd

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// The performance budget (docs/performance.md), measured on real processes:
//
//	go test ./cmd -run '^$' -bench Startup -benchtime 20x
//	PROMOCTL_BENCH_INSTRUCTIONS=1 go test ./cmd -run '^$' -bench Startup -benchtime 5x
//	PROMOCTL_BENCH_LIBS=1 PROMOCTL_BENCH_BEFORE=REV go test ./cmd -run '^$' -bench Startup -benchtime 100x
//	go test ./cmd -run '^$' -bench List -benchtime 5x
//
// BenchmarkStartup compares the CPU time of `promoctl --version` with a Go
// hello-world and with the link floor (a program that links the design's
// libraries and only prints a version), and with PROMOCTL_BENCH_LIBS the
// floor with each other library, with PROMOCTL_BENCH_BEFORE=REV the
// promoctl of that commit; each reports its ratio to the floor (floor-x).
// With PROMOCTL_BENCH_INSTRUCTIONS it counts instructions under valgrind
// instead of CPU time (Minstr/op): the count that decides the budget,
// since the CPU time of a 3 ms process moves by 20% with the machine's
// load. BenchmarkList runs `promo list`
// in every format over an empty list and 10,000, 100,000 and 400,000
// promo codes (31 MiB for 100,000), with and without a Content-Length,
// beside curl downloading the same response from the same loopback
// server. Each reports cpu-ms/op (user + system time of the child),
// maxrss-MiB (the median of its runs' peak memory) and maxrss-worst-MiB
// (the highest). The 400,000-code lists take a while: -benchtime 5x.

// benchList returns a list of n promo codes shaped like the API's,
// about 330 bytes each: 31 MiB for 100,000.
func benchList(n int) []byte {
	var b strings.Builder
	b.Grow(n * 330)
	b.WriteByte('[')
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		// Every code carries dates, as the API sends them, even when the
		// time limit is off.
		timed := i%4 == 0
		on, off := `"2026-06-01T00:00:00.000Z"`, `"2026-08-31T20:59:59.000Z"`
		fmt.Fprintf(&b, `{"id":%d,"code":"SUMMERSALE%05d","pos":%d,"is_enabled":%t,"bonus_type":%d,"bonus_amount":%d,`+
			`"bonus_amount_is_in_percentages":%t,"time_limit_is_enabled":%t,"d_on":%s,"d_off":%s,`+
			`"quantity_limit_is_enabled":%t,"quantity_limit":%d,"promo_used_count":%d,"is_valid":%t}`,
			100000+i, i, i+1, i%2 == 0, 2+i%2, 1+i%90, i%3 == 0, timed, on, off, i%5 == 0, 100*(i%5), i%7, i%2 == 0)
	}
	b.WriteByte(']')
	return []byte(b.String())
}

// buildBinary builds a main package into a temp folder.
func buildBinary(b *testing.B, dir, pkg string) string {
	b.Helper()
	out := filepath.Join(b.TempDir(), "bin")
	goBuild(b, dir, "-o", out, pkg)
	return out
}

// releaseLDFlags are .goreleaser.yaml's -ldflags, with made-up values: a
// release names its version, commit and date, so its --version does not
// parse the binary's build information (about 0.08 million instructions,
// 3% of the link floor, that only a build without them pays).
const releaseLDFlags = "-ldflags=-s -w -X main.version=0.0.0-bench -X main.commit=0000000000000000000000000000000000000000 -X main.date=2026-01-01T00:00:00Z"

// goBuild runs go build in dir as .goreleaser.yaml builds a release
// (CGO_ENABLED=0, -trimpath, releaseLDFlags), so that what is measured
// is what ships: with cgo, the binary would also map the C library
// (1.6 MiB more at its peak).
func goBuild(b *testing.B, dir string, args ...string) {
	b.Helper()
	cmd := exec.Command("go", append([]string{"build", "-trimpath", releaseLDFlags}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if msg, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("go build %v: %v\n%s", args, err, msg)
	}
}

// launcherSource runs a command with its output thrown away and prints the
// command's CPU time and peak memory. It exists because a child started by
// the test binary itself would report the test's own memory as its peak:
// Go starts children with vfork, and Linux carries the parent's
// high-water mark over the exec.
const launcherSource = `package main

import (
	"fmt"
	"os"
	"os/exec"
	"syscall"
)

func main() {
	cmd := exec.Command(os.Args[1], os.Args[2:]...)
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "launcher:", err)
		os.Exit(1)
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	fmt.Println(ru.Utime.Nano()+ru.Stime.Nano(), ru.Maxrss)
}
`

// launcher builds the launcher for the benchmark b and its sub-benchmarks.
type launcher string

func newLauncher(b *testing.B) launcher {
	return launcher(buildSource(b, launcherSource))
}

// buildSource builds a one-file main package.
func buildSource(b *testing.B, src string) string {
	dir := b.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module m\n\ngo 1.24\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644)
	return buildBinary(b, dir, ".")
}

// run runs a command to completion, its output thrown away, and reports
// its CPU time and peak memory.
func (l launcher) run(b *testing.B, env []string, name string, args ...string) (cpu time.Duration, maxRSS int64) {
	b.Helper()
	cmd := exec.Command(string(l), append([]string{name}, args...)...)
	cmd.Env = env
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		b.Fatalf("%s %v: %v\n%s", name, args, err, stderr.String())
	}
	var ns, kib int64
	if _, err := fmt.Sscan(stdout.String(), &ns, &kib); err != nil {
		b.Fatalf("launcher output %q: %v", stdout.String(), err)
	}
	return time.Duration(ns), kib * 1024 // Linux reports KiB
}

// measure reports the CPU time per run, and the peak memory of a typical
// run (maxrss-MiB, the median of the runs' peaks) and of the worst
// (maxrss-worst-MiB): the garbage collector's timing varies a peak by
// up to 2 MiB from one run to the next. It returns the CPU time per run
// in milliseconds.
func (l launcher) measure(b *testing.B, env []string, name string, args ...string) float64 {
	var cpu time.Duration
	var rss []int64
	for b.Loop() {
		c, r := l.run(b, env, name, args...)
		cpu += c
		rss = append(rss, r)
	}
	slices.Sort(rss)
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(rss[len(rss)/2])/(1<<20), "maxrss-MiB")
	b.ReportMetric(float64(rss[len(rss)-1])/(1<<20), "maxrss-worst-MiB")
	return float64(cpu.Microseconds()) / 1000 / float64(b.N)
}

// countInstructions counts the instructions a run executes, the whole
// process (the runtime's start, the package initialisers, main), under
// valgrind's callgrind, and reports the median of the runs in millions
// (Minstr/op) and the lowest (Minstr-min); it returns the median. A count
// does not depend on the machine's load, as CPU time does by 20% on a
// busy machine. GODEBUG=asyncpreemptoff=1: without it callgrind stops at
// the signal Go preempts goroutines with.
func countInstructions(b *testing.B, env []string, name string, args ...string) float64 {
	valgrind, err := exec.LookPath("valgrind")
	if err != nil {
		b.Skip("valgrind is not installed (apt-get install valgrind)")
	}
	if env == nil {
		env = os.Environ()
	}
	out := filepath.Join(b.TempDir(), "callgrind.out")
	collected := regexp.MustCompile(`Collected : (\d+)`)
	var counts []float64
	for b.Loop() {
		cmd := exec.Command(valgrind, append([]string{"--tool=callgrind", "--callgrind-out-file=" + out, name}, args...)...)
		cmd.Env = append(slices.Clip(env), "GODEBUG=asyncpreemptoff=1")
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			b.Fatalf("valgrind %s %v: %v\n%s", name, args, err, stderr.String())
		}
		m := collected.FindStringSubmatch(stderr.String())
		if m == nil {
			b.Fatalf("valgrind %s %v counted nothing:\n%s", name, args, stderr.String())
		}
		n, _ := strconv.ParseFloat(m[1], 64)
		counts = append(counts, n/1e6)
	}
	slices.Sort(counts)
	b.ReportMetric(counts[len(counts)/2], "Minstr/op")
	b.ReportMetric(counts[0], "Minstr-min")
	return counts[len(counts)/2]
}

func BenchmarkStartup(b *testing.B) {
	l := newLauncher(b)
	measure := l.measure
	if os.Getenv("PROMOCTL_BENCH_INSTRUCTIONS") != "" {
		measure = countInstructions
	}
	hello := buildSource(b, "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"hello\") }\n")
	floor := buildLinkFloor(b)
	promoctl := buildBinary(b, "..", ".")
	// The floor's result, for the others' ratio to it (floor-x: the budget
	// is promoctl-version's, at most 1.2).
	var floorResult float64
	vsFloor := func(b *testing.B, name string, args ...string) {
		if r := measure(b, nil, name, args...); floorResult > 0 {
			b.ReportMetric(r/floorResult, "floor-x")
		}
	}
	b.Run("hello", func(b *testing.B) { measure(b, nil, hello) })
	b.Run("link-floor", func(b *testing.B) { floorResult = measure(b, nil, floor) })
	b.Run("promoctl-version", func(b *testing.B) { vsFloor(b, promoctl, "--version") })
	if rev := os.Getenv("PROMOCTL_BENCH_BEFORE"); rev != "" {
		src := b.TempDir()
		archive := exec.Command("sh", "-c", "git archive "+rev+" | tar -x -C "+src)
		archive.Dir = ".."
		if msg, err := archive.CombinedOutput(); err != nil {
			b.Fatalf("git archive %s: %v\n%s", rev, err, msg)
		}
		before := buildBinary(b, src, ".")
		b.Run("before-"+rev+"-version", func(b *testing.B) { vsFloor(b, before, "--version") })
	}
	if os.Getenv("PROMOCTL_BENCH_LIBS") == "" {
		return
	}
	// What each library beyond the floor adds at start-up: the floor and
	// that library, and the floor and every library promoctl links.
	for _, lib := range floorExtras {
		bin := buildLinkFloor(b, lib.pkg)
		b.Run("floor+"+lib.name, func(b *testing.B) { vsFloor(b, bin) })
	}
	all := buildLinkFloor(b, promoctlLibraries(b)...)
	b.Run("floor+all-linked", func(b *testing.B) { vsFloor(b, all) })
}

// floorLibraries are the libraries of promoctl's design: what a CLI of
// its kind links whatever it does (cobra, viper, huh, tablewriter), plus
// gojq (--jq) and bbolt (the sandbox). The link floor links them and
// nothing else, so that a library added since is counted as promoctl's
// cost, not hidden in the floor.
var floorLibraries = []string{
	"github.com/spf13/cobra",
	"github.com/spf13/viper",
	"github.com/charmbracelet/huh",
	"github.com/olekukonko/tablewriter",
	"github.com/itchyny/gojq",
	"go.etcd.io/bbolt",
}

// floorExtras are the other libraries whose start-up cost
// docs/performance.md states (PROMOCTL_BENCH_LIBS=1), each linked on top
// of the floor by a blank import: what its package initialisers cost.
// excelize, encoding/xml and rsc.io/qr/coding are no longer linked, and
// are measured to say what they cost.
var floorExtras = []struct{ name, pkg string }{
	{"go-i18n", "github.com/nicksnyder/go-i18n/v2/i18n"},
	{"x-text-message", "golang.org/x/text/message"},
	{"x-text-number", "golang.org/x/text/number"},
	{"x-text-charmap", "golang.org/x/text/encoding/charmap"},
	{"go-keyring", "github.com/zalando/go-keyring"},
	{"bubbles-textinput", "github.com/charmbracelet/bubbles/textinput"},
	{"x-time-rate", "golang.org/x/time/rate"},
	{"asciigraph", "github.com/guptarohit/asciigraph"},
	{"x-net-html", "golang.org/x/net/html"},
	{"rsc-qr-coding", "rsc.io/qr/coding"},
	{"encoding-xml", "encoding/xml"},
	{"excelize", "github.com/xuri/excelize/v2"},
}

// promoctlLibraries are the packages outside the standard library and
// the module that promoctl links (go list -deps).
func promoctlLibraries(b *testing.B) []string {
	b.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		b.Fatal(err)
	}
	list := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".")
	list.Dir = root
	out, err := list.Output()
	if err != nil {
		b.Fatalf("go list -deps: %v", err)
	}
	var libs []string
	for _, pkg := range strings.Fields(string(out)) {
		internal := strings.Contains(pkg, "/internal/") || strings.HasSuffix(pkg, "/internal")
		if !strings.HasPrefix(pkg, "github.com/promoctl/promoctl") && !internal {
			libs = append(libs, pkg)
		}
	}
	return libs
}

// buildLinkFloor builds the start-up floor of promoctl: a program that links
// floorLibraries (and extra), so that their package initialisers run, and
// then only prints a version. What `promoctl --version` costs beyond it is
// promoctl's own and what its other libraries cost. It is built inside
// the module through an overlay, so that it uses the module's versions.
func buildLinkFloor(b *testing.B, extra ...string) string {
	b.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		b.Fatal(err)
	}
	var src strings.Builder
	src.WriteString("package main\n\nimport (\n\t\"fmt\"\n")
	seen := map[string]bool{}
	for _, pkg := range append(slices.Clone(floorLibraries), extra...) {
		if !seen[pkg] {
			seen[pkg] = true
			fmt.Fprintf(&src, "\t_ %q\n", pkg)
		}
	}
	src.WriteString(")\n\nfunc main() { fmt.Println(\"promoctl dev\") }\n")
	dir := b.TempDir()
	mainFile := filepath.Join(dir, "main.go")
	overlay := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(mainFile, []byte(src.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	// The package exists only in the overlay: nothing is written into the
	// repository.
	pkgDir := filepath.Join(root, "internal", "linkfloor")
	replace := fmt.Sprintf(`{"Replace":{%q:%q}}`, filepath.Join(pkgDir, "main.go"), mainFile)
	if err := os.WriteFile(overlay, []byte(replace), 0o644); err != nil {
		b.Fatal(err)
	}
	bin := filepath.Join(dir, "floor")
	goBuild(b, root, "-overlay", overlay, "-o", bin, "./internal/linkfloor")
	return bin
}

// BenchmarkList runs `promo list` in every format over an empty list
// (0k) and lists of 10,000, 100,000 and 400,000 promo codes, served from
// loopback with a Content-Length (length) and without one, in chunks
// (chunked), beside curl downloading the same response. The peak memory of the streaming
// formats must not grow with the list (docs/performance.md).
func BenchmarkList(b *testing.B) {
	l := newLauncher(b)
	promoctl := buildBinary(b, "..", ".")
	// An empty list shows the floor: what any list costs before its
	// first element (the binary's pages, the runtime, the HTTP client).
	for _, n := range []int{0, 10_000, 100_000, 400_000} {
		body := benchList(n)
		for _, framing := range []string{"length", "chunked"} {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				if framing == "length" {
					w.Header().Set("Content-Length", strconv.Itoa(len(body)))
					w.Write(body)
					return
				}
				for rest := body; len(rest) > 0; {
					k := min(len(rest), 32<<10)
					w.Write(rest[:k])
					rest = rest[k:]
				}
			}))
			env := []string{"HOME=" + b.TempDir(), "PROMOCTL_BASE_URL=" + srv.URL, "PROMOCTL_TOKEN=t", "PROMOCTL_USER_ID=1", "TZ=UTC"}
			list := []string{"promo", "list", "--site-id", "1"}
			b.Run(fmt.Sprintf("%dk/%s", n/1000, framing), func(b *testing.B) {
				b.Logf("response: %.1f MiB", float64(len(body))/(1<<20))
				b.Run("curl", func(b *testing.B) {
					curl, err := exec.LookPath("curl")
					if err != nil {
						b.Skip("curl is not installed")
					}
					l.measure(b, nil, curl, "-sSf", "-o", os.DevNull, srv.URL+"/v1/promo?site_id=1")
				})
				for _, c := range []struct {
					name string
					args []string
				}{
					{"json", []string{"-o", "json"}}, {"jsonl", []string{"-o", "jsonl"}}, {"csv", []string{"-o", "csv"}},
					{"yaml", []string{"-o", "yaml"}}, {"jq", []string{"--jq", ".[].code"}}, {"table", nil}, {"xlsx", []string{"-o", "xlsx"}},
				} {
					b.Run(c.name, func(b *testing.B) { l.measure(b, env, promoctl, append(list, c.args...)...) })
				}
			})
			srv.Close()
		}
	}
}

// BenchmarkGenerate5000 creates 5,000 promo codes with promo generate
// against `promoctl sandbox serve --latency 20ms` (each request takes at
// least 20ms, as over a network) at --concurrency 1, 4 and 16, and
// reports codes/s. At 1 a run takes over 100s:
//
//	go test ./cmd -run '^$' -bench Generate5000 -benchtime 1x -timeout 30m
func BenchmarkGenerate5000(b *testing.B) {
	const count = 5000
	promoctl := buildBinary(b, "..", ".")
	for _, c := range []int{1, 4, 16, 64} {
		b.Run(fmt.Sprintf("concurrency-%d", c), func(b *testing.B) {
			home := b.TempDir()
			env := []string{"HOME=" + home, "XDG_STATE_HOME=" + filepath.Join(home, "state"),
				"XDG_CONFIG_HOME=" + filepath.Join(home, "config"), "PROMOCTL_NO_KEYRING=1", "TZ=UTC"}
			url := startServe(b, promoctl, env, "--latency", "20ms")
			env = append(env, "PROMOCTL_BASE_URL="+url, "PROMOCTL_TOKEN=sandbox", "PROMOCTL_USER_ID=1")
			var elapsed time.Duration
			n := 0
			for b.Loop() {
				n++
				cmd := exec.Command(promoctl, "promo", "generate", "--site-id", "1", "--count", strconv.Itoa(count),
					"--concurrency", strconv.Itoa(c), "--amount", "10", "--enabled", "-o", "csv",
					"--journal", filepath.Join(home, fmt.Sprintf("job%d.jsonl", n)))
				cmd.Env = env
				var stderr strings.Builder
				cmd.Stderr = &stderr
				start := time.Now()
				if err := cmd.Run(); err != nil {
					b.Fatalf("promo generate: %v\n%s", err, stderr.String())
				}
				elapsed += time.Since(start)
			}
			b.ReportMetric(float64(count*n)/elapsed.Seconds(), "codes/s")
		})
	}
}

// startServe starts `promoctl sandbox serve` on a free loopback port with
// args and returns its base URL; it is stopped when b ends.
func startServe(b *testing.B, promoctl string, env []string, args ...string) string {
	b.Helper()
	return startServeLog(b, promoctl, env, io.Discard, args...)
}

// startServeLog is startServe that copies the request log to log.
func startServeLog(b *testing.B, promoctl string, env []string, log io.Writer, args ...string) string {
	b.Helper()
	cmd := exec.Command(promoctl, append([]string{"sandbox", "serve", "--addr", "127.0.0.1:0"}, args...)...)
	cmd.Env = env
	stderr, err := cmd.StderrPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
	})
	sc := bufio.NewScanner(stderr)
	url := ""
	for sc.Scan() {
		if u, ok := strings.CutPrefix(sc.Text(), "promoctl sandbox listening on "); ok {
			url = strings.Fields(u)[0]
		}
		if strings.HasPrefix(sc.Text(), "press Ctrl-C") {
			break
		}
	}
	if url == "" {
		b.Fatal("sandbox serve printed no address")
	}
	go io.Copy(log, stderr) // the request log
	return url
}

// requestLog counts the requests of a sandbox's log by "METHOD /path" prefix.
type requestLog struct {
	mu    sync.Mutex
	lines []string
	part  string
}

func (l *requestLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	text := l.part + string(p)
	lines := strings.Split(text, "\n")
	l.part = lines[len(lines)-1]
	l.lines = append(l.lines, lines[:len(lines)-1]...)
	return len(p), nil
}

// count returns how many requests since line from have a method and path
// starting with prefix ("GET /v1/promo?"), and the number of lines now.
func (l *requestLog) count(from int, prefix string) (int, int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, line := range l.lines[from:] {
		if f := strings.Fields(line); len(f) >= 3 && strings.HasPrefix(f[1]+" "+f[2], prefix) {
			n++
		}
	}
	return n, len(l.lines)
}

// BenchmarkApply10000 applies a file of 10,000 promo codes that changes
// 1,000 of them, against `promoctl sandbox serve` holding those 10,000
// codes, and reports the time to plan (the --dry-run: one list read, the
// file read and checked, the plan printed) and the whole apply (the plan
// and 1,000 read-modify-writes at --concurrency 4). It checks that the
// plan sends one request, a list read, and the apply only that and two
// requests per changed code:
//
//	go test ./cmd -run '^$' -bench Apply10000 -benchtime 3x -timeout 30m
func BenchmarkApply10000(b *testing.B) {
	const total, changed = 10000, 1000
	promoctl := buildBinary(b, "..", ".")
	home := b.TempDir()
	env := []string{"HOME=" + home, "XDG_STATE_HOME=" + filepath.Join(home, "state"),
		"XDG_CONFIG_HOME=" + filepath.Join(home, "config"), "PROMOCTL_NO_KEYRING=1", "TZ=UTC"}
	log := &requestLog{}
	url := startServeLog(b, promoctl, env, log)
	env = append(env, "PROMOCTL_BASE_URL="+url, "PROMOCTL_TOKEN=sandbox", "PROMOCTL_USER_ID=1")
	run := func(args ...string) []byte {
		b.Helper()
		cmd := exec.Command(promoctl, args...)
		cmd.Env = env
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			b.Fatalf("promoctl %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
		}
		return out
	}
	// The site: its 12 demo codes and 9,988 generated ones.
	run("promo", "generate", "--site-id", "1", "--count", strconv.Itoa(total-12), "--prefix", "BENCH", "--length", "8",
		"--amount", "10", "--enabled", "--concurrency", "16", "--journal", filepath.Join(home, "gen.jsonl"))
	list := run("promo", "list", "--site-id", "1", "-o", "csv")
	rows, err := csv.NewReader(bytes.NewReader(list)).ReadAll()
	if err != nil || len(rows) != total+1 {
		b.Fatalf("the site's list has %d rows (%v), want %d", len(rows)-1, err, total)
	}
	amount := slices.Index(rows[0], "bonus_amount")
	var plan, apply time.Duration
	n := 0
	for b.Loop() {
		n++
		// 1,000 generated codes (money, not percent) get a new amount
		for i := 0; i < changed; i++ {
			rows[1+12+i*((total-12)/changed)][amount] = strconv.Itoa(10 + n)
		}
		file := filepath.Join(home, fmt.Sprintf("codes%d.csv", n))
		var buf bytes.Buffer
		w := csv.NewWriter(&buf)
		w.WriteAll(rows)
		if err := os.WriteFile(file, buf.Bytes(), 0o600); err != nil {
			b.Fatal(err)
		}
		_, from := log.count(0, "")
		start := time.Now()
		run("promo", "apply", "-f", file, "--site-id", "1", "--dry-run", "-o", "json")
		plan += time.Since(start)
		if got, now := log.count(from, ""); got != 1 {
			b.Fatalf("the plan sent %d requests, want 1 (the list read)", got)
		} else {
			from = now
		}
		start = time.Now()
		run("promo", "apply", "-f", file, "--site-id", "1")
		apply += time.Since(start)
		time.Sleep(100 * time.Millisecond) // the log's last lines
		lists, _ := log.count(from, "GET /v1/promo?")
		gets, _ := log.count(from, "GET /v1/promo/")
		puts, _ := log.count(from, "PUT /v1/promo/")
		if all, _ := log.count(from, ""); lists != 1 || gets != changed || puts != changed || all != 1+2*changed {
			b.Fatalf("the apply sent %d requests: %d list reads, %d GETs, %d PUTs; want 1, %d, %d", all, lists, gets, puts, changed, changed)
		}
	}
	b.ReportMetric(float64(plan.Milliseconds())/float64(n), "plan-ms/op")
	b.ReportMetric(float64(apply.Milliseconds())/float64(n), "apply-ms/op")
	b.ReportMetric(float64(changed*n)/apply.Seconds(), "changes/s")
}

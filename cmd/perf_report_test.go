package cmd

import (
	"bytes"
	"encoding/csv"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// BenchmarkReport10000 runs promo report on a site of 10,000 promo codes
// of which about 100 were used, against `promoctl sandbox serve --latency
// 20ms` (each request takes at least 20ms, as over a network), and
// reports its wall time and the statistics it read. With
// PROMOCTL_BENCH_BEFORE=REV it also runs the promoctl of that commit
// (built from git archive), for a before and after:
//
//	PROMOCTL_BENCH_BEFORE=6507270 go test ./cmd -run '^$' -bench Report10000 -benchtime 1x -timeout 30m
func BenchmarkReport10000(b *testing.B) {
	const total, used = 10000, 100
	promoctl := buildBinary(b, "..", ".")
	home := b.TempDir()
	data := filepath.Join(home, "sandbox.db")
	env := []string{"HOME=" + home, "XDG_STATE_HOME=" + filepath.Join(home, "state"),
		"XDG_CONFIG_HOME=" + filepath.Join(home, "config"), "PROMOCTL_NO_KEYRING=1", "TZ=UTC"}
	run := func(bin string, env []string, args ...string) []byte {
		b.Helper()
		cmd := exec.Command(bin, args...)
		cmd.Env = env
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			b.Fatalf("promoctl %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
		}
		return out
	}
	// The site, in the sandbox's data file: its 12 demo codes and 9,988
	// generated ones, of which every 100th is redeemed once.
	gen := run(promoctl, env, "--sandbox", "--sandbox-data", data, "promo", "generate", "--site-id", "1", "--count", strconv.Itoa(total-12),
		"--prefix", "BENCH", "--length", "8", "--amount", "10", "--enabled", "--concurrency", "16",
		"--journal", filepath.Join(home, "gen.jsonl"), "-o", "csv", "--no-headers")
	rows, err := csv.NewReader(bytes.NewReader(gen)).ReadAll()
	if err != nil || len(rows) != total-12 {
		b.Fatalf("generated %d codes (%v), want %d", len(rows), err, total-12)
	}
	for i := 0; i < used; i++ {
		run(promoctl, env, "sandbox", "redeem", "--data", data, "--site-id", "1", "--code", rows[i*(len(rows)/used)][1], "--order-price", "1000")
	}
	list := run(promoctl, env, "--sandbox", "--sandbox-data", data, "promo", "list", "--site-id", "1", "-o", "json",
		"--jq", "[length, (map(select(.promo_used_count > 0)) | length)]")
	b.Logf("the site's codes, and those used: %s", bytes.TrimSpace(list))

	log := &requestLog{}
	url := startServeLog(b, promoctl, env, log, "--data", data, "--latency", "20ms")
	env = append(env, "PROMOCTL_BASE_URL="+url, "PROMOCTL_TOKEN=sandbox", "PROMOCTL_USER_ID=1")

	bins := []struct{ name, path string }{{"current", promoctl}}
	if rev := os.Getenv("PROMOCTL_BENCH_BEFORE"); rev != "" {
		src := b.TempDir()
		archive := exec.Command("sh", "-c", "git archive "+rev+" | tar -x -C "+src)
		archive.Dir = ".."
		if msg, err := archive.CombinedOutput(); err != nil {
			b.Fatalf("git archive %s: %v\n%s", rev, err, msg)
		}
		bins = append([]struct{ name, path string }{{"before-" + rev, buildBinary(b, src, ".")}}, bins...)
	}
	for _, bin := range bins {
		b.Run(bin.name, func(b *testing.B) {
			var elapsed time.Duration
			n, stats := 0, 0
			for b.Loop() {
				n++
				_, from := log.count(0, "")
				start := time.Now()
				out := run(bin.path, env, "promo", "report", "--site-id", "1", "-o", "csv")
				elapsed += time.Since(start)
				time.Sleep(100 * time.Millisecond) // the log's last lines
				got, _ := log.count(from, "GET /v1/promo/")
				stats += got
				if rows := bytes.Count(out, []byte("\n")); rows < total+1 {
					b.Fatalf("the report has %d lines, want at least %d", rows, total+1)
				}
			}
			b.ReportMetric(float64(elapsed.Milliseconds())/float64(n), "report-ms/op")
			b.ReportMetric(float64(stats)/float64(n), "statistics/op")
		})
	}
}

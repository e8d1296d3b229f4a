package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/internal/sheetpdf"
)

// TestPrintSheetReadByRealTools: a campaign generated on the sandbox and
// printed, then read as a person's tools read it: poppler's pdftotext
// finds every code and the Cyrillic title, and zbar's zbarimg decodes the
// QR code of every card, rasterised at 150 dpi by pdftoppm, to exactly its
// code or its URL. Skipped where the tools are not installed;
// CI installs them (.ci/run).
func TestPrintSheetReadByRealTools(t *testing.T) {
	for _, tool := range []string{"pdftotext", "pdftoppm", "zbarimg"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed (apt-get install poppler-utils zbar-tools): the sheet is not read back", tool)
		}
	}
	env := sandboxEnv(t, t.TempDir())
	// The alnum charset has 0, O, 1 and I, which the text must keep apart.
	gen := runPromoctl(t, env, "--sandbox", "promo", "generate", "--site-id", "1", "--count", "10", "--prefix", "PRN",
		"--charset", "alnum", "--amount", "10", "--percent", "--enabled", "--ends", "2099-12-31", "-o", "json")
	if gen.code != 0 {
		t.Fatalf("promo generate: exit %d: %s", gen.code, gen.stderr)
	}
	var created []listedPromo
	if err := json.Unmarshal([]byte(gen.stdout), &created); err != nil || len(created) != 10 {
		t.Fatalf("promo generate printed %d codes (%v):\n%s", len(created), err, gen.stdout)
	}
	var codes []string
	for _, p := range created {
		codes = append(codes, p.Code)
	}
	for _, c := range []struct {
		name, lang string
		paper      string
		perPage    int
		args       []string
		qr         func(code string) string
	}{
		{"russian, the code in the QR code", "ru_RU.UTF-8", "A4", 8, []string{"--title", "Новогодняя распродажа"}, func(code string) string { return code }},
		{"english, a URL on letter paper, 12 a page", "C.UTF-8", "letter", 12,
			[]string{"--title", "Новогодняя распродажа", "--qr", "https://flowers.sandbox.example/cart?promo={code}", "--paper", "letter", "--per-page", "12"},
			func(code string) string { return "https://flowers.sandbox.example/cart?promo=" + code }},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			env := append(slices.Clone(env), "LANG="+c.lang)
			r := runPromoctl(t, env, append([]string{"--sandbox", "promo", "print", "--site-id", "1", "--prefix", "PRN"}, c.args...)...)
			if r.code != 0 || r.stderr != "" {
				t.Fatalf("promo print: exit %d, stderr %q", r.code, r.stderr)
			}
			pdf := filepath.Join(dir, "sheet.pdf")
			if err := os.WriteFile(pdf, []byte(r.stdout), 0o600); err != nil {
				t.Fatal(err)
			}
			text := runTool(t, "pdftotext", pdf, "-")
			words := strings.Fields(text)
			for _, code := range codes {
				if n := countWord(words, code); n != 1 {
					t.Errorf("pdftotext finds %s %d times, want once", code, n)
				}
			}
			if n := strings.Count(text, "Новогодняя распродажа"); n != len(codes) {
				t.Errorf("pdftotext finds the title %d times, want %d:\n%s", n, len(codes), text)
			}
			// Each card alone, as a phone scans it: its part of the page
			// rasterised, and its text, hold one QR code that decodes to
			// exactly that card's code or URL. (zbarimg on a whole page
			// of aligned codes misses one now and then: it pairs finder
			// patterns of neighbouring codes.)
			paper, _ := sheetpdf.PaperNamed(c.paper)
			layout := sheetpdf.NewLayout(paper, c.perPage)
			var got []string
			for i := range codes {
				page, r := strconv.Itoa(i/c.perPage+1), layout.Cards[i%c.perPage]
				at := func(dpi float64) []string {
					k := dpi / 72
					return []string{"-r", strconv.Itoa(int(dpi)), "-f", page, "-l", page,
						"-x", strconv.Itoa(int(r.X * k)), "-y", strconv.Itoa(int((paper.H - r.Y - r.H) * k)),
						"-W", strconv.Itoa(int(r.W * k)), "-H", strconv.Itoa(int(r.H * k))}
				}
				cardText := runTool(t, "pdftotext", append(at(72), pdf, "-")...)
				code := ""
				for _, w := range strings.Fields(cardText) {
					if slices.Contains(codes, w) {
						code = w
					}
				}
				png := filepath.Join(dir, "card"+strconv.Itoa(i))
				runTool(t, "pdftoppm", append(at(150), "-png", "-singlefile", pdf, png)...)
				qr := strings.TrimSpace(runTool(t, "zbarimg", "--quiet", "--raw", png+".png"))
				if code == "" || qr != c.qr(code) {
					t.Errorf("card %d: its text %q, its QR code %q", i, strings.Join(strings.Fields(cardText), " "), qr)
				}
				got = append(got, qr)
			}
			for _, code := range codes {
				if !slices.Contains(got, c.qr(code)) {
					t.Errorf("no card's QR code is %s", c.qr(code))
				}
			}
		})
	}
}

// runTool runs a tool and returns its stdout; it must succeed.
func runTool(t *testing.T, name string, args ...string) string {
	t.Helper()
	out, err := exec.Command(name, args...).Output()
	if err != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = string(ee.Stderr)
		}
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, msg)
	}
	return string(out)
}

func countWord(words []string, w string) int {
	n := 0
	for _, x := range words {
		if x == w {
			n++
		}
	}
	return n
}

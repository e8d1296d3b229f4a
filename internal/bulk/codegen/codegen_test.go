package codegen

import (
	"bytes"
	"crypto/rand"
	"errors"
	"io"
	"math"
	mrand "math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/promo"
)

func TestCharsetsAreTheContracts(t *testing.T) {
	want := map[string]string{
		"unambiguous": "ABCDEFGHJKMNPQRSTUVWXYZ23456789",
		"alnum":       "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
		"letters":     "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
		"digits":      "0123456789",
	}
	for _, name := range CharsetNames() {
		got, err := Charset(name)
		if err != nil || got != want[name] {
			t.Errorf("Charset(%q) = %q, %v; want %q", name, got, err, want[name])
		}
	}
	if _, err := Charset("hex"); err == nil {
		t.Error("Charset(hex) = nil error, want one naming the charsets")
	}
	if f := (Format{}).WithDefaults(); f.Length != 8 || f.Charset != "unambiguous" {
		t.Errorf("defaults = %+v, want length 8, charset unambiguous", f)
	}
}

// Every generated code has the format's shape and is a valid promo code,
// for many formats, including ones whose space is nearly used up.
func TestGenerateShapes(t *testing.T) {
	formats := []struct {
		f     Format
		count int
	}{
		{Format{}, 1000},
		{Format{Prefix: "SUMMER", Length: 4, Charset: "alnum"}, 500},
		{Format{Prefix: "sale", Suffix: "x", Length: 3, Charset: "letters"}, 300},
		{Format{Prefix: "A", Length: 2, Charset: "digits"}, 100}, // the whole space
		{Format{Prefix: "Q", Length: 3, Charset: "digits"}, 999},
		{Format{Length: 15, Charset: "digits"}, 50},
	}
	for _, tc := range formats {
		codes, err := Generate(tc.f, tc.count, nil)
		if err != nil {
			t.Fatalf("Generate(%+v, %d) error: %v", tc.f, tc.count, err)
		}
		if len(codes) != tc.count {
			t.Fatalf("Generate(%+v, %d) gave %d codes", tc.f, tc.count, len(codes))
		}
		checkCodes(t, tc.f, codes, nil)
	}
}

// checkCodes asserts the shape and uniqueness of codes and that none is in
// existing, ignoring case.
func checkCodes(t *testing.T, f Format, codes, existing []string) {
	t.Helper()
	f = f.WithDefaults()
	cs, _ := Charset(f.Charset)
	seen := map[string]bool{}
	for _, c := range existing {
		seen[strings.ToUpper(c)] = true
	}
	for _, c := range codes {
		if err := promo.ValidateCode(c); err != nil {
			t.Fatalf("code %q is not a valid promo code: %v", c, err)
		}
		if !strings.HasPrefix(c, f.Prefix) || !strings.HasSuffix(c, f.Suffix) || len(c) != len(f.Prefix)+f.Length+len(f.Suffix) {
			t.Fatalf("code %q does not have the shape %+v", c, f)
		}
		for _, r := range c[len(f.Prefix) : len(f.Prefix)+f.Length] {
			if !strings.ContainsRune(cs, r) {
				t.Fatalf("code %q has %q, not in charset %s", c, r, f.Charset)
			}
		}
		if seen[strings.ToUpper(c)] {
			t.Fatalf("code %q is given twice or already exists", c)
		}
		seen[strings.ToUpper(c)] = true
	}
}

// FuzzGenerate: whatever the format, Generate either refuses it or gives
// exactly count valid, distinct codes of that shape that avoid existing.
func FuzzGenerate(f *testing.F) {
	f.Add("AB", "", 1, "digits", 10, "AB1,ab2")
	f.Add("", "Z", 8, "unambiguous", 100, "")
	f.Add("x", "y", 2, "letters", 600, "XAAY,xbby")
	f.Add("Ж", "", 4, "alnum", 5, "")
	f.Fuzz(func(t *testing.T, prefix, suffix string, length int, charset string, count int, existing string) {
		if count > 2000 || length > 15 { // keep each case quick
			return
		}
		fm := Format{Prefix: prefix, Suffix: suffix, Length: length, Charset: charset}
		ex := strings.Split(existing, ",")
		codes, err := Generate(fm, count, ex)
		if err != nil {
			return
		}
		if len(codes) != count {
			t.Fatalf("Generate(%+v, %d) gave %d codes", fm, count, len(codes))
		}
		checkCodes(t, fm, codes, ex)
	})
}

// The characters are uniformly distributed: a chi-square test over 100,000
// codes of one character each, for every charset. The bound is the 0.999
// quantile of chi-square with len(charset)-1 degrees of freedom; a
// generator that takes random bytes modulo 31 (unambiguous) is off by
// several hundred (see TestChiSquareCatchesModuloBias). The draws per
// charset come from a seeded stream, so that what is tested, the mapping
// of random bytes to characters, passes or fails the same on every run
// (from crypto/rand a fair mapping failed once in a thousand runs per
// charset); Generate's own draws below are crypto/rand's.
func TestCharacterDistribution(t *testing.T) {
	const draws = 100000
	for i, name := range CharsetNames() {
		cs, _ := Charset(name)
		r := &source{r: mrand.NewChaCha8([32]byte{byte(i + 1)})}
		counts := make([]int, len(cs))
		for range draws {
			k, err := r.uniform(uint64(len(cs)))
			if err != nil {
				t.Fatal(err)
			}
			counts[k]++
		}
		if x2, limit := chiSquare(counts, draws), chi2Quantile999(len(cs)-1); x2 > limit {
			t.Errorf("charset %s: chi-square %.1f > %.1f over %d draws: %v", name, x2, limit, draws, counts)
		}
	}
	// The same through Generate, on the characters of the codes it makes.
	f := Format{Length: 10, Charset: "unambiguous"}
	codes, err := Generate(f, draws/10, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, _ := Charset(f.Charset)
	counts := make([]int, len(cs))
	for _, c := range codes {
		for _, r := range c {
			counts[strings.IndexRune(cs, r)]++
		}
	}
	if x2, limit := chiSquare(counts, draws), chi2Quantile999(len(cs)-1); x2 > limit {
		t.Errorf("Generate: chi-square %.1f > %.1f: %v", x2, limit, counts)
	}
}

// The test above would see modulo bias: byte % 31 favours the first 8
// characters (9 of 256 values each instead of 8).
func TestChiSquareCatchesModuloBias(t *testing.T) {
	const draws = 100000
	cs, _ := Charset("unambiguous")
	b := make([]byte, draws)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	counts := make([]int, len(cs))
	for _, x := range b {
		counts[int(x)%len(cs)]++
	}
	if x2, limit := chiSquare(counts, draws), chi2Quantile999(len(cs)-1); x2 <= limit {
		t.Errorf("biased draws: chi-square %.1f <= %.1f; the test cannot tell bias", x2, limit)
	}
}

func chiSquare(counts []int, n int) float64 {
	exp := float64(n) / float64(len(counts))
	var x2 float64
	for _, c := range counts {
		d := float64(c) - exp
		x2 += d * d / exp
	}
	return x2
}

// chi2Quantile999 is the 0.999 quantile of chi-square with k degrees of
// freedom (Wilson–Hilferty approximation, z = 3.0902).
func chi2Quantile999(k int) float64 {
	const z = 3.0902
	v := 2 / (9 * float64(k))
	return float64(k) * math.Pow(1-v+z*math.Sqrt(v), 3)
}

// A source that rejects: with bytes making the value 0 (below 2^64 mod n
// for n=10), uniform draws again instead of returning 0.
func TestUniformRejectsTheBiasedTail(t *testing.T) {
	zeros := make([]byte, 8)
	seven := []byte{7, 0, 0, 0, 0, 0, 0, 0}
	s := &source{r: bytes.NewReader(append(zeros, seven...))}
	got, err := s.uniform(10) // 2^64 mod 10 = 6: 0 is rejected, 7 accepted
	if err != nil || got != 7 {
		t.Errorf("uniform(10) = %d, %v; want 7 after rejecting 0", got, err)
	}
}

func TestImpossibleFormatIsRefusedWithWhatItCanYield(t *testing.T) {
	f := Format{Prefix: "AB", Length: 1, Charset: "digits"}
	_, err := Generate(f, 11, nil)
	var ce *CapacityError
	if !errors.As(err, &ce) || ce.Free != 10 || ce.Want != 11 {
		t.Fatalf("Generate(AB + 1 digit, 11) error = %v; want a CapacityError that can yield 10", err)
	}
	if !strings.Contains(err.Error(), "only 10 free codes") {
		t.Errorf("error %q does not say it can yield 10", err)
	}
	// Existing codes of that shape count against it, in any case; others do not.
	_, err = Generate(f, 10, []string{"ab3", "AB4", "AB44", "XY1"})
	if !errors.As(err, &ce) || ce.Free != 8 || ce.Taken != 2 {
		t.Fatalf("Generate with 2 taken error = %v; want a CapacityError that can yield 8", err)
	}
	codes, err := Generate(f, 8, []string{"ab3", "AB4", "AB44", "XY1"})
	if err != nil {
		t.Fatalf("Generate(8 of 8 free) error: %v", err)
	}
	checkCodes(t, f, codes, []string{"ab3", "AB4"})
}

func TestExistingCodesAreAvoided(t *testing.T) {
	f := Format{Prefix: "X", Length: 3, Charset: "digits"}
	var existing []string
	for i := range 900 { // 900 of the 1000 taken, in lower and upper case
		c := "X" + string(rune('0'+i/100)) + string(rune('0'+i/10%10)) + string(rune('0'+i%10))
		if i%2 == 0 {
			c = strings.ToLower(c)
		}
		existing = append(existing, c)
	}
	codes, err := Generate(f, 100, existing)
	if err != nil {
		t.Fatalf("Generate(last 100 free) error: %v", err)
	}
	checkCodes(t, f, codes, existing)
	for _, c := range codes {
		if c < "X900" {
			t.Fatalf("code %s is taken", c)
		}
	}
	// With a big space the random path is used; existing still avoided.
	big := Format{Length: 2, Charset: "letters"} // 676
	ex := []string{"AA", "ab", "Ac"}
	codes, err = Generate(big, 300, ex)
	if err != nil {
		t.Fatal(err)
	}
	checkCodes(t, big, codes, ex)
}

// A nearly exhausted space finishes promptly: the walk, not endless draws.
func TestNearlyExhaustedSpaceDoesNotLoop(t *testing.T) {
	f := Format{Length: 6, Charset: "digits"} // 1,000,000 codes
	existing := make([]string, 0, 999000)
	for i := range 1000000 {
		if i%1000 != 0 {
			existing = append(existing, pad6(i))
		}
	}
	codes, err := Generate(f, 1000, existing)
	if err != nil {
		t.Fatalf("Generate(the last 1000 free of a million) error: %v", err)
	}
	for _, c := range codes {
		if c[3:] != "000" {
			t.Fatalf("code %s is taken", c)
		}
	}
}

func pad6(i int) string {
	b := []byte("000000")
	for k := 5; k >= 0; k-- {
		b[k] = byte('0' + i%10)
		i /= 10
	}
	return string(b)
}

func TestValidate(t *testing.T) {
	bad := []Format{
		{Prefix: "SUMMER", Length: 10},            // 16 characters
		{Length: 1, Charset: "digits"},            // 1 character
		{Prefix: "AB_", Length: 4},                // underscore
		{Prefix: "ПРОМО", Length: 4},              // Cyrillic
		{Length: -1},                              // negative
		{Prefix: "AB", Length: 4, Charset: "hex"}, // unknown charset
	}
	for _, f := range bad {
		if err := f.Validate(); err == nil {
			t.Errorf("Validate(%+v) = nil, want an error", f)
		}
	}
	for _, n := range []int{0, 100001} {
		if _, err := Generate(Format{}, n, nil); err == nil {
			t.Errorf("Generate(count %d) = nil error", n)
		}
	}
	if err := (Format{Prefix: "SUMMER", Length: 9}).Validate(); err != nil {
		t.Errorf("Validate(15 characters) = %v", err)
	}
}

// A Cyrillic prefix or suffix is refused for its letters, even when the
// bytes of its letters would make the code too long: a person counts
// letters, not bytes.
func TestValidateNamesCyrillicLetters(t *testing.T) {
	for _, c := range []struct {
		f    Format
		want string
	}{
		{Format{Prefix: "ПРОМОКОДЫ", Length: 8}, `prefix "ПРОМОКОДЫ": a code may contain only Latin letters A-Z, a-z and digits 0-9, found 'П' at position 1`},
		{Format{Prefix: "XMAS", Suffix: "ЁЛКА", Length: 4}, `suffix "ЁЛКА": a code may contain only Latin letters A-Z, a-z and digits 0-9, found 'Ё' at position 1`},
	} {
		err := c.f.Validate()
		if err == nil || err.Error() != c.want {
			t.Errorf("Validate(%+v) = %v, want %s", c.f, err, c.want)
		}
	}
}

// The format's refusals are catalog messages: in Russian with the
// numbers' thousands apart and the plural form of the count.
func TestRefusalsInRussian(t *testing.T) {
	ru := i18n.New(i18n.Russian)
	_, capacity := Generate(Format{Length: 2, Charset: "digits"}, 200, nil)
	_, count := Generate(Format{}, 200000, nil)
	for _, c := range []struct {
		err  error
		want string
	}{
		{capacity, "этот формат даёт только 100 свободных кодов (всего возможно 100, на сайте уже 0), а нужно 200: сделайте случайную часть длиннее или возьмите набор символов побольше"},
		{&CapacityError{Want: 3, Free: 2, Space: 100000, Taken: 99998}, "этот формат даёт только 2 свободных кода (всего возможно 100\u00a0000, на сайте уже 99\u00a0998), а нужно 3: сделайте случайную часть длиннее или возьмите набор символов побольше"},
		{count, "количество должно быть от 1 до 100\u00a0000, а указано 200\u00a0000"},
		{Format{Prefix: "ЁЛКА"}.Validate(), "префикс «ЁЛКА»: в промокоде могут быть только латинские буквы A-Z, a-z и цифры 0-9, а на 1-м месте стоит «Ё»"},
		{Format{Charset: "hex"}.Validate(), "неизвестный набор символов «hex»: укажите один из unambiguous, alnum, letters, digits"},
	} {
		if got := ru.ErrorText(c.err); got != c.want {
			t.Errorf("in Russian:\n got %s\nwant %s", got, c.want)
		}
	}
}

// TestRandomSourceFailuresSayThemselves: a random source that cannot be
// read, and a draw from nothing, are catalog messages in each language,
// the reader's error still errors.Is-able.
func TestRandomSourceFailuresSayThemselves(t *testing.T) {
	en, ru := i18n.New(i18n.English), i18n.New(i18n.Russian)
	_, read := (&source{r: iotest.ErrReader(io.ErrUnexpectedEOF)}).uniform(10)
	_, empty := (&source{r: rand.Reader}).uniform(0)
	for _, c := range []struct {
		err    error
		en, ru string
	}{
		{read, "read random bytes: unexpected EOF", "не удалось прочитать случайные байты из системы: unexpected EOF"},
		{empty, "empty range", "выбор из пустого диапазона"},
	} {
		if got := en.ErrorText(c.err); got != c.en || c.err.Error() != c.en {
			t.Errorf("in English: got %q, want %q", got, c.en)
		}
		if got := ru.ErrorText(c.err); got != c.ru {
			t.Errorf("in Russian: got %q, want %q", got, c.ru)
		}
	}
	if !errors.Is(read, io.ErrUnexpectedEOF) {
		t.Errorf("%v does not wrap the reader's error", read)
	}
}

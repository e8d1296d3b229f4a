// Package codegen makes random promo codes for `promo generate`: a prefix, a
// random part drawn from a charset with crypto/rand, and a suffix. Codes are
// unique within one call and differ from a given set of codes already on
// the site, compared case-insensitively as the API compares them.
//
// Use it in three steps, all before anything is sent:
//
//	f := codegen.Format{Prefix: "SUMMER", Length: 6, Charset: "unambiguous"}
//	if err := f.Validate(); err != nil { … }           // a usage error
//	codes, err := codegen.Generate(f, count, existing) // *CapacityError when
//	                                                    // the format is too small
//
// Generate never loops for long: when free codes are scarce it picks them
// by walking the whole (then small) space once instead of drawing until it
// finds free ones.
package codegen

import (
	"bufio"
	"crypto/rand"
	"encoding/binary"
	"io"
	"math"
	"strings"

	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/promo"
)

// Defaults and limits of the contract.
const (
	DefaultCharset = "unambiguous"
	DefaultLength  = 8
	MinCount       = 1
	MaxCount       = 100000
)

// charsets are the contract's alphabets, by name. Never written.
var charsets = map[string]string{
	"unambiguous": "ABCDEFGHJKMNPQRSTUVWXYZ23456789",
	"alnum":       "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
	"letters":     "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
	"digits":      "0123456789",
}

// CharsetNames lists the charset names in the order --help shows them.
func CharsetNames() []string { return []string{"unambiguous", "alnum", "letters", "digits"} }

// Charset returns the characters of a named charset.
func Charset(name string) (string, error) {
	if cs, ok := charsets[name]; ok {
		return cs, nil
	}
	return "", i18n.NewError(2, "codegen.charset", "Name", promo.Quoted(name), "Names", strings.Join(CharsetNames(), ", "))
}

// Format is the shape of the codes: Prefix, then Length characters of the
// named Charset, then Suffix. Zero Length and empty Charset mean the
// defaults; see WithDefaults.
type Format struct {
	Prefix  string `json:"prefix,omitempty"`
	Suffix  string `json:"suffix,omitempty"`
	Length  int    `json:"length"`
	Charset string `json:"charset"`
}

// WithDefaults returns f with the default length and charset filled in.
func (f Format) WithDefaults() Format {
	if f.Length == 0 {
		f.Length = DefaultLength
	}
	if f.Charset == "" {
		f.Charset = DefaultCharset
	}
	return f
}

// Validate checks that f (after WithDefaults) makes valid promo codes: a
// known charset, a random part of at least one character, and a whole code
// of 2 to 15 Latin letters or digits.
func (f Format) Validate() error {
	f = f.WithDefaults()
	cs, err := Charset(f.Charset)
	if err != nil {
		return err
	}
	if f.Length < 1 {
		return i18n.NewError(2, "codegen.length", "N", f.Length)
	}
	// The characters first: a Cyrillic prefix is refused for its letters,
	// not measured in bytes.
	if err := promo.ValidateCodeChars(f.Prefix); err != nil {
		return i18n.NewError(2, "codegen.prefix", "Prefix", promo.Quoted(f.Prefix), "Err", err)
	}
	if err := promo.ValidateCodeChars(f.Suffix); err != nil {
		return i18n.NewError(2, "codegen.suffix", "Suffix", promo.Quoted(f.Suffix), "Err", err)
	}
	if n := len(f.Prefix) + f.Length + len(f.Suffix); n > promo.MaxCodeLen || n < promo.MinCodeLen {
		return i18n.NewError(2, "codegen.code_length", "Length", f.Length, "N", n, "Min", promo.MinCodeLen, "Max", promo.MaxCodeLen)
	}
	sample := f.Prefix + strings.Repeat(cs[:1], f.Length) + f.Suffix
	if err := promo.ValidateCode(sample); err != nil {
		return i18n.NewError(2, "codegen.prefix_suffix", "Prefix", promo.Quoted(f.Prefix), "Suffix", promo.Quoted(f.Suffix), "Err", err)
	}
	return nil
}

// Matches reports whether code (in any case) has the shape of f: it could
// have been generated with it.
func (f Format) Matches(code string) bool {
	f = f.WithDefaults()
	cs := charsets[f.Charset]
	if len(code) != len(f.Prefix)+f.Length+len(f.Suffix) {
		return false
	}
	if !strings.EqualFold(code[:len(f.Prefix)], f.Prefix) || !strings.EqualFold(code[len(code)-len(f.Suffix):], f.Suffix) {
		return false
	}
	for _, c := range strings.ToUpper(code[len(f.Prefix) : len(f.Prefix)+f.Length]) {
		if !strings.ContainsRune(cs, c) {
			return false
		}
	}
	return true
}

// Space is the number of codes f can make, len(charset)^Length, saturated
// at math.MaxInt64.
func (f Format) Space() int64 {
	f = f.WithDefaults()
	n := int64(len(charsets[f.Charset]))
	space := int64(1)
	for range f.Length {
		if space > math.MaxInt64/n {
			return math.MaxInt64
		}
		space *= n
	}
	return space
}

// CapacityError says that a format cannot yield the codes asked for.
type CapacityError struct {
	Want int   // codes asked for
	Free int64 // codes the format can still yield
	// Space is every code the format can make; Taken of them exist.
	Space, Taken int64
}

// Error is Message in English.
func (e *CapacityError) Error() string { return i18n.New(i18n.English).Say(e.Message()) }

// Message is the error as a catalog's message.
func (e *CapacityError) Message() i18n.Message {
	// Free is less than Want, at most MaxCount: an int.
	return i18n.C("codegen.capacity", int(max(0, min(e.Free, math.MaxInt32))), "Space", i18n.Number(e.Space),
		"Taken", i18n.Number(e.Taken), "Want", i18n.Number(e.Want))
}

// Capacity returns how many free codes f can still yield beside existing:
// its space less the existing codes of its shape (each counted once,
// whatever its case).
func (f Format) Capacity(existing []string) (free, taken int64) {
	seen := make(map[string]bool)
	for _, c := range existing {
		u := strings.ToUpper(c)
		if !seen[u] && f.Matches(c) {
			seen[u] = true
		}
	}
	taken = int64(len(seen))
	return f.Space() - taken, taken
}

// Generate returns count distinct codes of format f, none of which equals
// (ignoring case) a code in existing, in random order. It refuses a count
// outside 1–100000, an invalid format, and a format that cannot yield count
// free codes (*CapacityError); it reads randomness from crypto/rand.
func Generate(f Format, count int, existing []string) ([]string, error) {
	if count < MinCount || count > MaxCount {
		return nil, i18n.NewError(2, "codegen.count", "Min", MinCount, "Max", i18n.Number(MaxCount), "N", i18n.Number(count))
	}
	if err := f.Validate(); err != nil {
		return nil, err
	}
	f = f.WithDefaults()
	free, taken := f.Capacity(existing)
	if free < int64(count) {
		return nil, &CapacityError{Want: count, Free: free, Space: f.Space(), Taken: taken}
	}
	taboo := make(map[string]bool, len(existing)+count)
	for _, c := range existing {
		taboo[strings.ToUpper(c)] = true
	}
	r := &source{r: bufio.NewReaderSize(rand.Reader, 4096)}
	var codes []string
	var err error
	// Random draws collide with a probability of (taken+count)/space at
	// most; while that is at most one half, a draw needs two tries on
	// average. Beyond it the space is small enough to walk.
	if used := taken + int64(count); used <= f.Space()/2 {
		codes, err = draw(f, count, taboo, r)
	} else {
		codes, err = walk(f, count, free, taboo, r)
	}
	if err != nil {
		return nil, i18n.NewError(0, "codegen.generate", "Err", err)
	}
	return codes, nil
}

// draw makes random codes until it has count free ones.
func draw(f Format, count int, taboo map[string]bool, r *source) ([]string, error) {
	cs := charsets[f.Charset]
	codes := make([]string, 0, count)
	buf := make([]byte, f.Length)
	for len(codes) < count {
		for i := range buf {
			k, err := r.uniform(uint64(len(cs)))
			if err != nil {
				return nil, err
			}
			buf[i] = cs[k]
		}
		code := f.Prefix + string(buf) + f.Suffix
		if u := strings.ToUpper(code); !taboo[u] {
			taboo[u] = true
			codes = append(codes, code)
		}
	}
	return codes, nil
}

// walk goes through every code of the space once, in order, and keeps each
// free one with the probability that makes every choice of count free codes
// equally likely (Knuth's selection sampling, Algorithm S); then it
// shuffles them. It is used only when the space is small: at most twice
// the codes taken and asked for, so at most 2·(existing+100000) codes.
func walk(f Format, count int, free int64, taboo map[string]bool, r *source) ([]string, error) {
	cs := charsets[f.Charset]
	space := f.Space()
	left := free // free codes not yet walked past
	codes := make([]string, 0, count)
	idx := make([]int, f.Length)
	buf := make([]byte, f.Length)
	for n := int64(0); n < space && len(codes) < count; n++ {
		for i, k := range idx {
			buf[i] = cs[k]
		}
		next(idx, len(cs))
		code := f.Prefix + string(buf) + f.Suffix
		if taboo[strings.ToUpper(code)] {
			continue
		}
		k, err := r.uniform(uint64(left))
		if err != nil {
			return nil, err
		}
		left--
		if k < uint64(count-len(codes)) {
			codes = append(codes, code)
		}
	}
	// Fisher–Yates, so that the order says nothing about the codes.
	for i := len(codes) - 1; i > 0; i-- {
		j, err := r.uniform(uint64(i + 1))
		if err != nil {
			return nil, err
		}
		codes[i], codes[j] = codes[j], codes[i]
	}
	return codes, nil
}

// next advances idx as a number in base n, last digit fastest.
func next(idx []int, n int) {
	for i := len(idx) - 1; i >= 0; i-- {
		idx[i]++
		if idx[i] < n {
			return
		}
		idx[i] = 0
	}
}

// source draws unbiased integers from a stream of random bytes.
type source struct {
	r   io.Reader
	buf [8]byte
}

// uniform returns a uniformly distributed integer in [0, n), n > 0. A
// plain v % n would favour the small results whenever 2^64 is not a
// multiple of n; values below 2^64 mod n are therefore drawn again
// (rejection sampling), which leaves a range that is a whole multiple of n.
func (s *source) uniform(n uint64) (uint64, error) {
	if n == 0 {
		return 0, i18n.NewError(0, "codegen.empty_range")
	}
	threshold := -n % n // 2^64 mod n
	for {
		if _, err := io.ReadFull(s.r, s.buf[:]); err != nil {
			return 0, i18n.NewError(0, "codegen.random", "Err", err)
		}
		if v := binary.LittleEndian.Uint64(s.buf[:]); v >= threshold {
			return v % n, nil
		}
	}
}

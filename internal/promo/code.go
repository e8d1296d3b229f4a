// Package promo holds the rules of promo codes that hold whatever the server
// says: what a valid code looks like, bonus types, the date forms users may
// type, and how a change is merged into an existing record.
package promo

import (
	"strconv"
	"unicode/utf8"

	"github.com/promoctl/promoctl/internal/i18n"
)

// Code length limits from the API (spec 2.3 and 8).
const (
	MinCodeLen = 2
	MaxCodeLen = 15
)

// ValidateCode reports whether s is an acceptable promo code: 2 to 15
// characters, each an ASCII Latin letter or an ASCII digit. Letters of other
// alphabets (ПРОМО10, É1, full-width Ａ) and punctuation such as '_' are
// refused, which is why the test is on bytes and not on unicode.IsLetter.
func ValidateCode(s string) error {
	if s == "" {
		return i18n.NewError(0, "value.code_empty")
	}
	n := utf8.RuneCountInString(s)
	if n < MinCodeLen || n > MaxCodeLen {
		return i18n.NewError(0, "value.code_length", "Min", MinCodeLen, "Max", MaxCodeLen, "N", n)
	}
	for i, r := range s {
		if !isASCIIAlnum(r) {
			return i18n.NewError(0, "value.code_chars", "Char", Quoted(string(r)), "Pos", utf8.RuneCountInString(s[:i])+1)
		}
	}
	return nil
}

// ValidateCodeChars reports whether s, a part of a code (a prefix, a
// suffix), has only the characters a code may have: Latin letters and
// digits. A letter of another alphabet is named, whatever the length.
func ValidateCodeChars(s string) error {
	for i, r := range s {
		if !isASCIIAlnum(r) {
			return i18n.NewError(0, "value.part_chars", "Char", Quoted(string(r)), "Pos", utf8.RuneCountInString(s[:i])+1)
		}
	}
	return nil
}

func isASCIIAlnum(r rune) bool {
	return (r >= 'A' && r <= 'Z') || (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9')
}

// Quoted is s as a message echoes it between its quotes: a control
// character, or a byte that is not UTF-8, written as Go escapes it (\n,
// \x00), so that the echo shows what is there.
func Quoted(s string) string {
	q := strconv.Quote(s)
	return q[1 : len(q)-1]
}

package promo

import (
	"errors"
	"strconv"
	"strings"

	"github.com/promoctl/promoctl/internal/i18n"
)

// Value is field name of f as the API writes it (a date as its text, or
// nil when there is none); nil for a name that is not a writable field.
func (f Record) Value(name string) any {
	r, _ := Lookup(name)
	return r.Value(f)
}

func optString(s *string) any { return optional(s, nil) }

// optional is the value of a field that a record may lack: nil when p
// is, else *p, or as(*p) when as is given.
func optional[T any](p *T, as func(T) any) any {
	switch {
	case p == nil:
		return nil
	case as != nil:
		return as(*p)
	}
	return *p
}

// DefaultAmount is the discount the API gives a promo code created without
// bonus_amount (spec 2.3).
const DefaultAmount = 0.01

// MaxPercent is the largest discount in percent.
const MaxPercent = 100

// FieldError is a validation failure of one input; Field names the flag or
// the file field so that the user knows what to fix.
type FieldError struct {
	Field string
	Err   error
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Err.Error() }
func (e *FieldError) Unwrap() error { return e.Err }

// ExitCode is 2, a usage error, unless the error it wraps names its own.
func (e *FieldError) ExitCode() int {
	var named interface{ ExitCode() int }
	if errors.As(e.Err, &named) && named.ExitCode() != 0 {
		return named.ExitCode()
	}
	return 2
}

// Message is the error as a catalog's message: "FIELD: what is wrong",
// what is wrong said in the language too.
func (e *FieldError) Message() i18n.Message {
	return i18n.M("apply.field_value", "Field", e.Field, "Err", e.Err)
}

// FlagNames are the command-line names of the fields.
func FlagNames() Names { return names(func(f FieldSpec) string { return f.Flag }) }

// FileNames are the API field names used in a -f file.
func FileNames() Names { return names(func(f FieldSpec) string { return f.Name }) }

// Validate checks each named value on its own terms and against the other
// named values; it needs no server. n names the fields in errors.
func (c Changes) Validate(n Names) error {
	if c.Code != nil {
		if err := ValidateCode(*c.Code); err != nil {
			return &FieldError{n.Code, err}
		}
	}
	if c.BonusType != nil && !c.BonusType.Valid() {
		return &FieldError{n.BonusType, i18n.NewError(0, "value.bonus_type_number", "N", int(*c.BonusType))}
	}
	if c.Amount != nil {
		if err := checkAmount(*c.Amount, c.Percent != nil && *c.Percent); err != nil {
			return &FieldError{n.Amount, err}
		}
	}
	if c.MaxUses != nil && *c.MaxUses < 1 {
		return &FieldError{n.MaxUses, i18n.NewError(0, "value.at_least_1", "N", *c.MaxUses)}
	}
	if c.Starts != nil && c.Ends != nil && c.Ends.Before(*c.Starts) {
		return &FieldError{n.Ends, i18n.NewError(0, "value.end_before_start", "End", FormatAPI(*c.Ends), "Start", FormatAPI(*c.Starts))}
	}
	return nil
}

// ParseAmount reads an amount as money is written: digits, then at most two
// decimals after a point or a comma ("25", "9.99", "9,99"), surrounding
// spaces ignored. The whole part may be grouped by thousands with spaces or
// no-break spaces ("1 234,50"), as Russian-locale spreadsheets write it. It
// is the one reader of amounts: flags, -f files, apply files and the wizard.
// Other ways of writing a number that Go or YAML would read (1e3, 0x10,
// 1_000, .5, Inf, 1,234.50) and finer amounts (0.001) are refused: a shop's
// prices have cents, and a typo must not become a different discount. A
// leading minus is read, so that Validate can say the amount must be
// positive.
func ParseAmount(s string) (float64, error) {
	t := strings.TrimSpace(s)
	neg := strings.HasPrefix(t, "-")
	digits := strings.TrimPrefix(t, "-")
	sep := "."
	if !strings.Contains(digits, ".") {
		sep = ","
	}
	whole, frac, point := strings.Cut(digits, sep)
	whole, grouped := ungroup(whole)
	if !grouped || !allDigits(whole) || (point && (!allDigits(frac) || len(frac) > 2)) {
		return 0, notAmount(s)
	}
	n := whole
	if point {
		n += "." + frac
	}
	if neg {
		n = "-" + n
	}
	return strconv.ParseFloat(n, 64)
}

// AmountUnit is what the text of an amount says it is besides its number:
// nothing, a percentage (15 %) or a sum of money (500,00 ₽).
type AmountUnit int

// The units an amount's text may name.
const (
	UnitNone    AmountUnit = iota // 15: the code's kind says
	UnitPercent                   // 15 %, 15%
	UnitMoney                     // 500,00 ₽, 500 руб., 95 $, $95
)

// currencyMarks are the currency signs and abbreviations a spreadsheet
// writes beside money, as ParseAmountUnit reads them (any case): after the
// number (500,00 ₽, 500 руб., 95 USD), and the signs also before it ($95).
func currencyMarks() (after, before []string) {
	return []string{"₽", "руб.", "руб", "р.", "rub", "rur", "$", "usd", "€", "eur", "₸", "kzt", "₴", "uah", "br", "byn"},
		[]string{"₽", "$", "€"}
}

// ParseAmountUnit is ParseAmount of an amount as a spreadsheet may show
// it: with a trailing percent sign (15 %, 15%) or a currency sign or
// abbreviation (500,00 ₽, 500 руб., 95 $, $95), and which of these it
// says. The number is read by ParseAmount; whether the unit agrees with
// the code's kind (bonus_amount_is_in_percentages) is the caller's to
// check.
func ParseAmountUnit(s string) (float64, AmountUnit, error) {
	t := strings.TrimFunc(s, isSpace)
	unit := UnitNone
	after, before := currencyMarks()
	lower := strings.ToLower(t)
	if n, ok := strings.CutSuffix(t, "%"); ok {
		t, unit = n, UnitPercent
	} else {
		for _, m := range after {
			if strings.HasSuffix(lower, m) {
				t, unit = t[:len(t)-len(m)], UnitMoney
				break
			}
		}
		for _, m := range before {
			if unit == UnitNone && strings.HasPrefix(t, m) {
				t, unit = t[len(m):], UnitMoney
			}
		}
	}
	t = strings.TrimFunc(t, isSpace)
	if unit != UnitNone && t == "" {
		return 0, unit, notAmount(s)
	}
	v, err := ParseAmount(t)
	if err != nil && unit != UnitNone {
		return 0, unit, notAmount(s)
	}
	return v, unit, err
}

// notAmount is the error of text that is not an amount.
func notAmount(s string) error {
	return i18n.NewError(0, "value.not_amount", "Value", Quoted(s))
}

// isSpace is a space as spreadsheets write them: a plain, a no-break or
// a narrow no-break space.
func isSpace(r rune) bool { return r == ' ' || r == '\t' || r == '\u00a0' || r == '\u202f' }

// ungroup drops the spaces between groups of three digits of a whole
// number (1 234 567, with spaces, no-break or narrow no-break spaces);
// ok is false when spaces are there but not between groups of three.
func ungroup(s string) (string, bool) {
	s = strings.NewReplacer("\u00a0", " ", "\u202f", " ").Replace(s)
	if !strings.Contains(s, " ") {
		return s, true
	}
	groups := strings.Split(s, " ")
	if len(groups[0]) == 0 || len(groups[0]) > 3 {
		return "", false
	}
	for _, g := range groups[1:] {
		if len(g) != 3 {
			return "", false
		}
	}
	return strings.Join(groups, ""), true
}

// ParseBool reads a yes-or-no value as people and spreadsheets write it:
// true/false and 1/0 (any case, and what Go's strconv reads: t, f), yes/no
// (promoctl's English tables), and the Russian ИСТИНА/ЛОЖЬ (Excel's) and
// да/нет, any case. It is the one reader
// of booleans in files.
func ParseBool(s string) (bool, error) {
	t := strings.TrimSpace(s)
	switch strings.ToLower(t) {
	case "истина", "да", "yes":
		return true, nil
	case "ложь", "нет", "no":
		return false, nil
	}
	b, err := strconv.ParseBool(strings.ToLower(t))
	if err != nil {
		return false, i18n.NewError(0, "value.not_bool", "Value", Quoted(s))
	}
	return b, nil
}

// allDigits reports whether s is one or more ASCII digits.
func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func checkAmount(v float64, percent bool) error {
	switch {
	case v != v: // NaN
		return i18n.NewError(0, "value.not_number")
	case v <= 0:
		return i18n.NewError(0, "value.not_positive", "N", i18n.Number(v))
	case v > 1e12:
		return i18n.NewError(0, "value.too_large", "N", i18n.Number(v))
	case percent && v > MaxPercent:
		return i18n.NewError(0, "value.percent_max", "Max", MaxPercent, "N", i18n.Number(v))
	}
	return nil
}

func over[T any](dst **T, src *T) {
	if src != nil {
		*dst = src
	}
}

// Empty reports whether no field is named.
func (c Changes) Empty() bool { return c == Changes{} }

// Validate checks a whole record, as it will be sent by an update: the
// merged result of the server's record and the user's changes. n names the
// fields in errors.
func (f Record) Validate(n Names) error {
	if err := ValidateCode(f.Code); err != nil {
		return &FieldError{n.Code, err}
	}
	if !f.BonusType.Valid() {
		return &FieldError{n.BonusType, i18n.NewError(0, "value.bonus_type_number", "N", int(f.BonusType))}
	}
	if err := checkAmount(f.BonusAmount, f.BonusAmountIsInPercentages); err != nil {
		return &FieldError{n.Amount, err}
	}
	if f.QuantityLimitIsEnabled && f.QuantityLimit < 1 {
		return &FieldError{n.MaxUses, i18n.NewError(0, "value.limit_at_least_1", "N", f.QuantityLimit)}
	}
	if f.TimeLimitIsEnabled && f.DOn != nil && f.DOff != nil {
		on, err1 := ParseAPITime(*f.DOn)
		off, err2 := ParseAPITime(*f.DOff)
		if err1 == nil && err2 == nil && off.Before(on) {
			return &FieldError{n.Ends, i18n.NewError(0, "value.end_before_start", "End", *f.DOff, "Start", *f.DOn)}
		}
	}
	return nil
}

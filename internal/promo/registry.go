package promo

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/promo/spec"
)

// FieldSpec is one row of the table of fields (spec.FieldSpec, data only) with
// its accessors of the typed structs (accessOf, generated in
// fields_gen.go). Registry lists them.
type FieldSpec struct {
	spec.Row
	access access
}

// access is what fields_gen.go gives a row to reach its field in the
// typed structs; all nil for a read-only field.
type access struct {
	value func(Record) any
	named func(Changes) bool
	set   func(*Changes, any) error
	name  func(*Names) *string
}

// setter is the set of an access from a typed one: a value of another
// type than the field's is refused with an error, not asserted.
func setter[T any](set func(*Changes, T)) func(*Changes, any) error {
	return func(c *Changes, v any) error {
		x, ok := v.(T)
		if !ok {
			return i18n.NewError(0, "registry.value_type", "Want", fmt.Sprintf("%T", x), "Got", fmt.Sprintf("%T", v))
		}
		set(c, x)
		return nil
	}
}

// Registry is every field of a promo code, in the order of the API's
// list items: a copy of the table, the caller's to keep.
func Registry() []FieldSpec { return append([]FieldSpec(nil), registry()...) }

// registry is the table Registry copies. It is never written: a fixed
// table, like the rules, built once, on first use (not before main, where
// every command, --version included, would pay for it:
// docs/performance.md), so that the per-row readers of large files
// (Lookup, Fields.Value) look fields up without building it.
var registry = sync.OnceValue(func() []FieldSpec { return withAccess(spec.Rows()) })

// withAccess gives each row of table its accessors of the typed structs
// (accessOf, generated in fields_gen.go).
func withAccess(rows []spec.Row) []FieldSpec {
	table := make([]FieldSpec, len(rows))
	for i, r := range rows {
		table[i] = FieldSpec{Row: r, access: accessOf(r.Name)}
	}
	return table
}

// Lookup is the field of Registry named name (the API's name).
func Lookup(name string) (FieldSpec, bool) {
	for _, f := range registry() {
		if f.Name == name {
			return f, true
		}
	}
	return FieldSpec{}, false
}

// FieldNames are the names of the fields of Registry that keep keeps, in
// its order.
func FieldNames(keep func(FieldSpec) bool) []string {
	var out []string
	for _, f := range registry() {
		if keep(f) {
			out = append(out, f.Name)
		}
	}
	return out
}

// Value is the field of f as the API writes it; nil for a read-only field.
func (r FieldSpec) Value(f Record) any {
	if r.access.value == nil {
		return nil
	}
	return r.access.value(f)
}

// Named reports whether c names the field; false for a read-only one.
func (r FieldSpec) Named(c Changes) bool { return r.access.named != nil && r.access.named(c) }

// Set reads text as people write the field (Parse) into c. A read-only
// field is not set.
func (r FieldSpec) Set(c *Changes, text string, loc *time.Location) error {
	v, err := r.Parse(text, loc)
	if err != nil {
		return err
	}
	return r.SetValue(c, v)
}

// FlagName is the name of the field's flag without its dashes, as pflag
// knows it; "" when it has none.
func (r FieldSpec) FlagName() string { return strings.TrimPrefix(r.Flag, "--") }

// Negated reports whether the field's flag turns a switch off
// (--no-time-limit): promo update's alone.
func (r FieldSpec) Negated() bool { return strings.HasPrefix(r.Flag, "--no-") }

// SetValue sets c's change of the field to v, a value of the field's kind
// (as Parse gives it); a value of another type is an error, and c is left
// as it was. A read-only field is not set.
func (r FieldSpec) SetValue(c *Changes, v any) error {
	if r.access.set == nil {
		return nil
	}
	if err := r.access.set(c, v); err != nil {
		return i18n.NewError(0, "registry.set", "Field", r.Name, "Err", err)
	}
	return nil
}

// SetFile reads a value of a -f file (FromFile) into c.
func (r FieldSpec) SetFile(c *Changes, v any, loc *time.Location) error {
	x, err := r.FromFile(v, loc)
	if err != nil {
		return err
	}
	return r.SetValue(c, x)
}

// Parse reads text as people write the field, with the one parser of its
// kind: a code as it is (a copy), ParseBool, ParseBonusType, ParseAmount,
// ParseStart or ParseEnd (dates without a zone in loc), a whole number.
func (r FieldSpec) Parse(text string, loc *time.Location) (any, error) {
	switch r.Kind {
	case spec.KindText:
		return strings.Clone(text), nil // not the whole row it was cut from
	case spec.KindBool:
		return ParseBool(text)
	case spec.KindBonusType:
		return ParseBonusType(text)
	case spec.KindAmount:
		return ParseAmount(text)
	case spec.KindDate:
		return r.parseDate()(text, loc)
	}
	q, err := strconv.ParseInt(text, 10, 64)
	if err != nil {
		return nil, i18n.NewError(0, "value.not_whole", "Value", Quoted(text))
	}
	return q, nil
}

func (r FieldSpec) parseDate() func(string, *time.Location) (time.Time, error) {
	if r.End {
		return ParseEnd
	}
	return ParseStart
}

// FromFile reads a value of a -f file, as YAML or JSON typed it: a code
// as a string (a number as written), the others by their kind's parser,
// or as the value YAML gave.
func (r FieldSpec) FromFile(v any, loc *time.Location) (any, error) {
	switch r.Kind {
	case spec.KindText:
		return toString(v)
	case spec.KindBool:
		return toBool(v)
	case spec.KindBonusType:
		s, err := toString(v)
		if err != nil {
			return nil, err
		}
		return ParseBonusType(s)
	case spec.KindAmount:
		return toAmount(v)
	case spec.KindDate:
		return toTime(v, loc, r.parseDate())
	}
	return toInt(v)
}

// Typed reports whether YAML types an unquoted value of the field in a
// way that loses what the user wrote (a code 0012345, an amount, a date),
// so that a -f file reads it from the text as written.
func (r FieldSpec) Typed() bool {
	return r.Kind == spec.KindText || r.Kind == spec.KindAmount || r.Kind == spec.KindDate
}

// names is the Names of the writable fields, each named by name.
func names(name func(FieldSpec) string) Names {
	var n Names
	for _, f := range registry() {
		if f.access.name != nil {
			*f.access.name(&n) = name(f)
		}
	}
	return n
}

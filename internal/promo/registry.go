package promo

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Kind is what a promo code field holds. Each kind has one reader of the
// text people write (Parse) and one of the values a -f file holds
// (FromFile); the view maps a kind to its output kind (a workbook's typed
// cells), so that promo needs no output package.
type Kind int

// The kinds of a promo code's fields.
const (
	KindText      Kind = iota // a code
	KindInt                   // a whole number: an id, a count, a limit
	KindAmount                // a discount: ParseAmount
	KindBool                  // yes or no: ParseBool
	KindDate                  // a date and time: ParseStart, or ParseEnd for an end
	KindBonusType             // goods or delivery: ParseBonusType
)

// Field is one field of a promo code as the API names it, and everything
// promoctl does with it. Registry lists them; whatever lists or switches
// over fields (the views' columns, promo list's --sort, promo apply's
// columns, parsing and diff, the -f file, generate's template, the form)
// reads this table, so that adding a field is one row here plus its tests
// (TestRegistryWalk keeps every reader in step with it).
type Field struct {
	// Name is the API's name of the field (spec 2.1, 2.3), the column
	// of CSV, workbook and apply files and the key of -f files.
	Name string
	// Flag is the flag of promo create and update that sets it; "" when
	// none does.
	Flag string
	// Label is the i18n message id of the promo form's label of it; ""
	// when the form has no field of its own for it (FormVia says which
	// field of the form sets it, if any).
	Label string
	// FormVia is the field whose form answer sets this one (the validity
	// period's switch is set by its dates); "" when Label is the form's.
	FormVia string
	// Kind is what the field holds.
	Kind Kind
	// End is a date read as an end (a date alone is the end of that day).
	End bool
	// List is a column of promo list's CSV and workbook (a list item's
	// field); Record a field of promo get's CSV.
	List, Record bool
	// Sortable fields are named by promo list --sort.
	Sortable bool
	// Writable fields are in Fields: an update sends them, the plan of
	// promo apply diffs them, files and flags set them. The others are
	// read-only, the server's: files may carry them (the output of promo
	// list or get) and they are read over.
	Writable bool

	value func(Fields) any
	named func(Changes) bool
	set   func(*Changes, any)
	name  func(*Names) *string
}

// Registry is every field of a promo code, in the order of the API's
// list items: a copy of the table, the caller's to keep.
func Registry() []Field { return append([]Field(nil), registry[:]...) }

// registry is the table Registry copies. It is never written: a fixed
// table, like the rules, kept once so that the per-row readers of large
// files (Lookup, Fields.Value) look fields up without building it.
var registry = [...]Field{
	{Name: "id", Kind: KindInt, List: true, Record: true, Sortable: true},
	{Name: "code", Flag: "--code", Label: "form.promo.code", Kind: KindText, List: true, Record: true, Sortable: true, Writable: true,
		value: func(f Fields) any { return f.Code }, named: func(c Changes) bool { return c.Code != nil },
		set: func(c *Changes, v any) { s := v.(string); c.Code = &s }, name: func(n *Names) *string { return &n.Code }},
	{Name: "pos", Kind: KindInt, List: true, Record: true, Sortable: true},
	{Name: "is_enabled", Flag: "--enabled", Label: "form.promo.enabled", Kind: KindBool, List: true, Record: true, Sortable: true, Writable: true,
		value: func(f Fields) any { return f.IsEnabled }, named: func(c Changes) bool { return c.Enabled != nil },
		set: func(c *Changes, v any) { b := v.(bool); c.Enabled = &b }, name: func(n *Names) *string { return &n.Enabled }},
	{Name: "bonus_type", Flag: "--bonus-type", Label: "form.promo.bonus", Kind: KindBonusType, List: true, Record: true, Sortable: true, Writable: true,
		value: func(f Fields) any { return int(f.BonusType) }, named: func(c Changes) bool { return c.BonusType != nil },
		set: func(c *Changes, v any) { b := v.(BonusType); c.BonusType = &b }, name: func(n *Names) *string { return &n.BonusType }},
	{Name: "bonus_amount", Flag: "--amount", Label: "form.promo.amount", Kind: KindAmount, List: true, Record: true, Sortable: true, Writable: true,
		value: func(f Fields) any { return f.BonusAmount }, named: func(c Changes) bool { return c.Amount != nil },
		set: func(c *Changes, v any) { a := v.(float64); c.Amount = &a }, name: func(n *Names) *string { return &n.Amount }},
	{Name: "bonus_amount_is_in_percentages", Flag: "--percent", Label: "form.promo.unit", Kind: KindBool, List: true, Record: true, Sortable: true, Writable: true,
		value: func(f Fields) any { return f.BonusAmountIsInPercentages }, named: func(c Changes) bool { return c.Percent != nil },
		set: func(c *Changes, v any) { b := v.(bool); c.Percent = &b }, name: func(n *Names) *string { return &n.Percent }},
	{Name: "time_limit_is_enabled", Flag: "--no-time-limit", FormVia: "d_on", Kind: KindBool, List: true, Record: true, Sortable: true, Writable: true,
		value: func(f Fields) any { return f.TimeLimitIsEnabled }, named: func(c Changes) bool { return c.TimeLimit != nil },
		set: func(c *Changes, v any) { b := v.(bool); c.TimeLimit = &b }, name: func(n *Names) *string { return &n.TimeLimit }},
	{Name: "d_on", Flag: "--starts", Label: "form.promo.starts", Kind: KindDate, List: true, Record: true, Sortable: true, Writable: true,
		value: func(f Fields) any { return optString(f.DOn) }, named: func(c Changes) bool { return c.Starts != nil },
		set: func(c *Changes, v any) { t := v.(time.Time); c.Starts = &t }, name: func(n *Names) *string { return &n.Starts }},
	{Name: "d_off", Flag: "--ends", Label: "form.promo.ends", Kind: KindDate, End: true, List: true, Record: true, Sortable: true, Writable: true,
		value: func(f Fields) any { return optString(f.DOff) }, named: func(c Changes) bool { return c.Ends != nil },
		set: func(c *Changes, v any) { t := v.(time.Time); c.Ends = &t }, name: func(n *Names) *string { return &n.Ends }},
	{Name: "quantity_limit_is_enabled", Flag: "--no-max-uses", FormVia: "quantity_limit", Kind: KindBool, List: true, Record: true, Sortable: true, Writable: true,
		value: func(f Fields) any { return f.QuantityLimitIsEnabled }, named: func(c Changes) bool { return c.QuantityLimit != nil },
		set: func(c *Changes, v any) { b := v.(bool); c.QuantityLimit = &b }, name: func(n *Names) *string { return &n.QuantityLimit }},
	{Name: "quantity_limit", Flag: "--max-uses", Label: "form.promo.max_uses", Kind: KindInt, List: true, Record: true, Sortable: true, Writable: true,
		value: func(f Fields) any { return f.QuantityLimit }, named: func(c Changes) bool { return c.MaxUses != nil },
		set: func(c *Changes, v any) { q := v.(int64); c.MaxUses = &q }, name: func(n *Names) *string { return &n.MaxUses }},
	{Name: "promo_used_count", Kind: KindInt, List: true, Record: true, Sortable: true},
	{Name: "is_valid", Kind: KindBool, List: true, Record: true, Sortable: true},
	{Name: "personal_limit_is_enabled", Flag: "--once-per-user", Label: "form.promo.once", Kind: KindBool, Record: true, Sortable: true, Writable: true,
		value: func(f Fields) any { return f.PersonalLimitIsEnabled }, named: func(c Changes) bool { return c.OncePerUser != nil },
		set: func(c *Changes, v any) { b := v.(bool); c.OncePerUser = &b }, name: func(n *Names) *string { return &n.OncePerUser }},
}

// Lookup is the field of Registry named name (the API's name).
func Lookup(name string) (Field, bool) {
	for i := range registry {
		if registry[i].Name == name {
			return registry[i], true
		}
	}
	return Field{}, false
}

// FieldNames are the names of the fields of Registry that keep keeps, in
// its order.
func FieldNames(keep func(Field) bool) []string {
	var out []string
	for i := range registry {
		if keep(registry[i]) {
			out = append(out, registry[i].Name)
		}
	}
	return out
}

// Value is the field of f as the API writes it; nil for a read-only field.
func (r Field) Value(f Fields) any {
	if r.value == nil {
		return nil
	}
	return r.value(f)
}

// Named reports whether c names the field; false for a read-only one.
func (r Field) Named(c Changes) bool { return r.named != nil && r.named(c) }

// Set reads text as people write the field (Parse) into c. A read-only
// field is not set.
func (r Field) Set(c *Changes, text string, loc *time.Location) error {
	v, err := r.Parse(text, loc)
	if err == nil && r.set != nil {
		r.set(c, v)
	}
	return err
}

// SetFile reads a value of a -f file (FromFile) into c.
func (r Field) SetFile(c *Changes, v any, loc *time.Location) error {
	x, err := r.FromFile(v, loc)
	if err == nil && r.set != nil {
		r.set(c, x)
	}
	return err
}

// Parse reads text as people write the field, with the one parser of its
// kind: a code as it is (a copy), ParseBool, ParseBonusType, ParseAmount,
// ParseStart or ParseEnd (dates without a zone in loc), a whole number.
func (r Field) Parse(text string, loc *time.Location) (any, error) {
	switch r.Kind {
	case KindText:
		return strings.Clone(text), nil // not the whole row it was cut from
	case KindBool:
		return ParseBool(text)
	case KindBonusType:
		return ParseBonusType(text)
	case KindAmount:
		return ParseAmount(text)
	case KindDate:
		return r.parseDate()(text, loc)
	}
	q, err := strconv.ParseInt(text, 10, 64)
	if err != nil {
		return nil, fmt.Errorf("want a whole number, got %q", text)
	}
	return q, nil
}

func (r Field) parseDate() func(string, *time.Location) (time.Time, error) {
	if r.End {
		return ParseEnd
	}
	return ParseStart
}

// FromFile reads a value of a -f file, as YAML or JSON typed it: a code
// as a string (a number as written), the others by their kind's parser,
// or as the value YAML gave.
func (r Field) FromFile(v any, loc *time.Location) (any, error) {
	switch r.Kind {
	case KindText:
		return toString(v)
	case KindBool:
		return toBool(v)
	case KindBonusType:
		s, err := toString(v)
		if err != nil {
			return nil, err
		}
		return ParseBonusType(s)
	case KindAmount:
		return toAmount(v)
	case KindDate:
		return toTime(v, loc, r.parseDate())
	}
	return toInt(v)
}

// Typed reports whether YAML types an unquoted value of the field in a
// way that loses what the user wrote (a code 0012345, an amount, a date),
// so that a -f file reads it from the text as written.
func (r Field) Typed() bool {
	return r.Kind == KindText || r.Kind == KindAmount || r.Kind == KindDate
}

// names is the Names of the writable fields, each named by name.
func names(name func(Field) string) Names {
	var n Names
	for _, f := range registry {
		if f.name != nil {
			*f.name(&n) = name(f)
		}
	}
	return n
}

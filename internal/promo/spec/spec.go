// Package spec is the table of a promo code's fields as data: what the
// API names each field, what kind of value it holds and what promoctl does
// with it. It imports nothing of promoctl, so that internal/promo/fieldgen
// reads the rows without the code it generates from them: the generator
// rebuilds internal/promo/fields_gen.go and the other generated files from
// nothing. promo.Registry is this table with each row's accessors.
package spec

// Kind is what a promo code field holds. Each kind has one reader of the
// text people write (promo.FieldSpec.Parse) and one of the values a -f file
// holds (promo.FieldSpec.FromFile); the view maps a kind to its output kind (a workbook's typed
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

// Row is one field of a promo code as the API names it, and everything
// promoctl does with it: a row of Rows, data only. promo.Registry gives
// each row its accessors of the typed structs; whatever lists or switches
// over fields (the views' columns, promo list's --sort, promo apply's
// columns, parsing and diff, the -f file, generate's template, the form)
// reads that table, so that adding a field is one row here plus its tests
// (TestRegistryWalk keeps every reader in step with it).
type Row struct {
	// Name is the API's name of the field (spec 2.1, 2.3), the column
	// of CSV, workbook and apply files and the key of -f files.
	Name string
	// Flag is the flag of promo create and update that sets it ("" when
	// none does), and Usage its help. A yes-or-no flag is --flag or
	// --flag=false; a flag --no-… that a value Enables is promo update's
	// alone, turns the switch off, and is refused beside those values.
	// promo generate has every flag but the Required field's.
	Flag, Usage string
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
	// Headers are the headers promoctl's own tables show the field under,
	// as catalog ids without their "table." (code: "Code", "Промокод"):
	// promo apply reads a column so named, in either language, as the
	// field.
	Headers []string
	// Sortable fields are named by promo list --sort.
	Sortable bool
	// Writable fields are in Fields: an update sends them, the plan of
	// promo apply diffs them, files and flags set them. The others are
	// read-only, the server's: files may carry them (the output of promo
	// list or get) and they are read over.
	Writable bool

	// Go is the field's Go name in api.Promo and Record; Change its name
	// in Changes and Names ("" for a read-only field).
	Go, Change string
	// Optional fields are absent from a shape of the API's record (the
	// single record or the list item): api.Promo holds a pointer.
	Optional bool
	// Required is the field a create must name (the code).
	Required bool
	// Enables is the switch a value of this field turns on, unless the
	// same changes set the switch (a date turns the validity period
	// on); Clearable dates can be removed while the switch stays.
	Enables   string
	Clearable bool
}

// Rows is every field of a promo code, in the order of the API's list
// items: a new table on every call, the caller's to keep.
func Rows() []Row {
	return []Row{
		{Name: "id", Headers: []string{"id"}, Go: "ID", Kind: KindInt, Optional: true, List: true, Record: true, Sortable: true},
		{Name: "code", Headers: []string{"code"}, Go: "Code", Change: "Code", Flag: "--code", Usage: "the code: 2-15 Latin letters or digits", Label: "form.promo.code", Kind: KindText, Required: true,
			List: true, Record: true, Sortable: true, Writable: true},
		{Name: "pos", Go: "Pos", Kind: KindInt, Optional: true, List: true, Record: true, Sortable: true},
		{Name: "is_enabled", Headers: []string{"enabled"}, Go: "IsEnabled", Change: "Enabled", Flag: "--enabled", Usage: "whether the code can be used (--enabled=false to disable)", Label: "form.promo.enabled", Kind: KindBool,
			List: true, Record: true, Sortable: true, Writable: true},
		{Name: "bonus_type", Headers: []string{"type", "bonus_type"}, Go: "BonusType", Change: "BonusType", Flag: "--bonus-type", Usage: "what is discounted: goods or delivery (also 2, 3)", Label: "form.promo.bonus", Kind: KindBonusType,
			List: true, Record: true, Sortable: true, Writable: true},
		{Name: "bonus_amount", Headers: []string{"amount"}, Go: "BonusAmount", Change: "Amount", Flag: "--amount", Usage: "discount: an amount of money, or a percentage with --percent; at most 2 decimals", Label: "form.promo.amount", Kind: KindAmount,
			List: true, Record: true, Sortable: true, Writable: true},
		{Name: "bonus_amount_is_in_percentages", Go: "BonusAmountIsInPercentages", Change: "Percent", Flag: "--percent", Usage: "the amount is a percentage (--percent=false for money)", Label: "form.promo.unit", Kind: KindBool,
			List: true, Record: true, Sortable: true, Writable: true},
		{Name: "time_limit_is_enabled", Go: "TimeLimitIsEnabled", Change: "TimeLimit", Flag: "--no-time-limit", Usage: "remove the validity period", FormVia: "d_on", Kind: KindBool,
			List: true, Record: true, Sortable: true, Writable: true},
		{Name: "d_on", Headers: []string{"starts"}, Go: "DOn", Change: "Starts", Flag: "--starts", Usage: "start of validity: 2026-12-01 (from 00:00), 2026-12-01T10:00 or RFC 3339", Label: "form.promo.starts", Kind: KindDate, Enables: "time_limit_is_enabled", Clearable: true,
			List: true, Record: true, Sortable: true, Writable: true},
		{Name: "d_off", Headers: []string{"ends"}, Go: "DOff", Change: "Ends", Flag: "--ends", Usage: "end of validity, in the same forms as --starts; a date alone includes that day (to 23:59:59)", Label: "form.promo.ends", Kind: KindDate, End: true, Enables: "time_limit_is_enabled", Clearable: true,
			List: true, Record: true, Sortable: true, Writable: true},
		{Name: "quantity_limit_is_enabled", Go: "QuantityLimitIsEnabled", Change: "QuantityLimit", Flag: "--no-max-uses", Usage: "remove the limit on the number of uses", FormVia: "quantity_limit", Kind: KindBool,
			List: true, Record: true, Sortable: true, Writable: true},
		{Name: "quantity_limit", Headers: []string{"max_uses"}, Go: "QuantityLimit", Change: "MaxUses", Flag: "--max-uses", Usage: "limit the total number of uses", Label: "form.promo.max_uses", Kind: KindInt, Enables: "quantity_limit_is_enabled",
			List: true, Record: true, Sortable: true, Writable: true},
		{Name: "promo_used_count", Headers: []string{"uses", "used"}, Go: "PromoUsedCount", Kind: KindInt, Optional: true, List: true, Record: true, Sortable: true},
		{Name: "is_valid", Headers: []string{"valid", "valid_now"}, Go: "IsValid", Kind: KindBool, Optional: true, List: true, Record: true, Sortable: true},
		{Name: "personal_limit_is_enabled", Headers: []string{"once_per_customer"}, Go: "PersonalLimitIsEnabled", Change: "OncePerUser", Flag: "--once-per-user", Usage: "each customer may use the code once", Label: "form.promo.once", Kind: KindBool, Optional: true,
			Record: true, Sortable: true, Writable: true},
	}
}

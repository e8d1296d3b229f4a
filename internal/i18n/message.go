package i18n

import (
	"strings"
	"sync"
	"time"
)

// Message is a sentence for a person as it arises: a catalog id and its
// data, rendered in a language only at the edge (Printer.Say). Code builds
// a Message where the sentence arises instead of English text that would
// have to be translated afterwards.
type Message struct {
	ID    string
	Args  []any // name, value pairs: the placeholders {{.Name}}
	Count *int  // for a counted message: the plural form's number, {{.Count}}
}

// M is the message id with its placeholders' values as name, value pairs:
// M("promo.deleted", "Code", "SUMMER").
func M(id string, args ...any) Message { return Message{ID: id, Args: args} }

// C is M for a count: the message's plural form for n, which it reads as
// {{.Count}}.
func C(id string, n int, args ...any) Message { return Message{ID: id, Args: args, Count: &n} }

// Amount is a discount as a message's value, said in the language's
// number form (Printer.Amount): 0.01%, 0,01 %.
type Amount struct {
	Value   float64
	Percent bool
}

// Number is a number as a message's value, said in the language's form
// (Printer.Decimal): 100000, 100 000.
type Number float64

// List is words as a message's value, said as the language lists them
// (Printer.List): 1 and 2, 1 и 2. A time.Duration value is said in the
// language's units (Printer.Duration).
type List []string

// DateTime is a date and time as a message's value, in Loc, said as the
// language writes it (Printer.DateTime): 2026-12-31 23:59:59,
// 31.12.2026 23:59.
type DateTime struct {
	Time time.Time
	Loc  *time.Location
}

// Messages are messages as one value, said one after another with
// commas between them.
type Messages []Message

// Say is m in p's language. A value that is itself a Message is said in
// p's language too, and so is an error (through the error's Message when
// it has one, else its text).
func (p *Printer) Say(m Message) string {
	return p.SayWith(m, func(err error) string { return p.ErrorText(err) })
}

// SayWith is Say with the words of an error argument given by errText, for
// the edge that knows how to say every error in the language.
func (p *Printer) SayWith(m Message, errText func(error) string) string {
	args := make([]any, len(m.Args))
	copy(args, m.Args)
	for i := 1; i < len(args); i += 2 {
		switch v := args[i].(type) {
		case Message:
			args[i] = p.SayWith(v, errText)
		case Amount:
			args[i] = p.Amount(v.Value, v.Percent)
		case Number:
			args[i] = p.Decimal(float64(v))
		case List:
			args[i] = p.List(v)
		case time.Duration:
			args[i] = p.Duration(v)
		case DateTime:
			args[i] = p.DateTime(v.Time, v.Loc)
		case Messages:
			said := make([]string, len(v))
			for j, m := range v {
				said[j] = p.SayWith(m, errText)
			}
			args[i] = strings.Join(said, ", ")
		case error:
			args[i] = errText(v)
		}
	}
	if m.Count != nil {
		return p.N(m.ID, *m.Count, args...)
	}
	return p.T(m.ID, args...)
}

// Sayer is an error whose words are a catalog message: an *Error, or a
// typed error whose fields make its message (api.Error says its category,
// what the server said and how often it was tried). Its English Error()
// is the message said in English.
type Sayer interface {
	error
	Message() Message
}

// ErrorText is err in p's language when it is a Sayer (an *Error or a
// typed error with a Message); otherwise err's own text. The run's edge
// (cmd) says every error of a chain.
func (p *Printer) ErrorText(err error) string {
	if e, ok := err.(Sayer); ok {
		return p.Say(e.Message())
	}
	return err.Error()
}

// InEnglish is m in English: the Error() of a typed error whose words are
// a catalog message.
func InEnglish(m Message) string { return english().Say(m) }

// english is the English Printer that errors say themselves with: its
// catalogs are read once, on the first error said, not once per error (a
// file's problems, a bulk job's failures). Read-only once made, and a
// Printer is safe for concurrent use.
var english = sync.OnceValue(func() *Printer { return New(English) })

// Error is an error whose words are a catalog message: its English Error()
// comes from the English catalog, the edge says it in the run's language,
// and ExitCode tells the run's exit code (0: let the chain decide). An
// argument that is an error is wrapped: errors.Is and errors.As see it.
type Error struct {
	Msg  Message
	Exit int

	once    sync.Once
	english string // Error(), rendered once
}

// NewError is an *Error of the message id and its placeholders' values
// (name, value pairs), exiting with exit (0: decided by what it wraps).
func NewError(exit int, id string, args ...any) *Error {
	return &Error{Msg: M(id, args...), Exit: exit}
}

// CountError is NewError for a counted message.
func CountError(exit int, id string, n int, args ...any) *Error {
	return &Error{Msg: C(id, n, args...), Exit: exit}
}

// Error is the message in English.
func (e *Error) Error() string {
	e.once.Do(func() { e.english = english().Say(e.Msg) })
	return e.english
}

// Message is the error's words as a catalog message.
func (e *Error) Message() Message { return e.Msg }

// ExitCode is the exit code the error asks for; 0 lets what it wraps, or
// the default, decide.
func (e *Error) ExitCode() int { return e.Exit }

// Unwrap is the errors among the message's values.
func (e *Error) Unwrap() []error {
	var errs []error
	for i := 1; i < len(e.Msg.Args); i += 2 {
		if err, ok := e.Msg.Args[i].(error); ok {
			errs = append(errs, err)
		}
	}
	return errs
}

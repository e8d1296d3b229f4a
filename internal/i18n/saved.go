package i18n

import (
	"fmt"
	"time"
)

// Saved is a message as data that a file keeps (a bulk job's journal keeps
// why an operation failed): its catalog id and its values, each with its
// kind, so that a later run says it in that run's language. An error among
// the values is kept as its message when it has one (a Sayer), else as its
// text.
type Saved struct {
	ID    string     `json:"id"`
	Count *int       `json:"count,omitempty"`
	Args  []SavedArg `json:"args,omitempty"`
}

// SavedArg is one value of a Saved message: exactly one of its value
// fields is set.
type SavedArg struct {
	Name     string         `json:"name"`
	Text     *string        `json:"text,omitempty"` // a string; an error without a message, as written
	Int      *int64         `json:"int,omitempty"`
	Float    *float64       `json:"float,omitempty"`
	Bool     *bool          `json:"bool,omitempty"`
	Number   *float64       `json:"number,omitempty"`
	Amount   *Amount        `json:"amount,omitempty"`
	List     List           `json:"list,omitempty"`
	Duration *time.Duration `json:"duration,omitempty"`
	Time     *time.Time     `json:"time,omitempty"` // a DateTime, in its location's offset
	Zone     string         `json:"zone,omitempty"` // the DateTime's location's name
	Msg      *Saved         `json:"msg,omitempty"`
	Msgs     []Saved        `json:"msgs,omitempty"`
}

// Save is m as data: what Restore makes a Message of again.
func Save(m Message) Saved {
	s := Saved{ID: m.ID, Count: m.Count}
	for i := 0; i+1 < len(m.Args); i += 2 {
		name, _ := m.Args[i].(string)
		s.Args = append(s.Args, saveArg(name, m.Args[i+1]))
	}
	return s
}

func saveArg(name string, v any) SavedArg {
	a := SavedArg{Name: name}
	switch v := v.(type) {
	case Message:
		m := Save(v)
		a.Msg = &m
	case Messages:
		a.Msgs = make([]Saved, len(v))
		for i, m := range v {
			a.Msgs[i] = Save(m)
		}
		if len(v) == 0 {
			a.Msgs = []Saved{}
		}
	case Amount:
		a.Amount = &v
	case Number:
		f := float64(v)
		a.Number = &f
	case List:
		a.List = v
		if v == nil {
			a.List = List{}
		}
	case time.Duration:
		a.Duration = &v
	case DateTime:
		t := v.Time
		if v.Loc != nil {
			t = t.In(v.Loc)
		}
		a.Time = &t
		if v.Loc != nil {
			a.Zone = v.Loc.String()
		}
	case Sayer:
		m := Save(v.Message())
		a.Msg = &m
	case error:
		s := v.Error()
		a.Text = &s
	case string:
		a.Text = &v
	case bool:
		a.Bool = &v
	case int:
		n := int64(v)
		a.Int = &n
	case int64:
		a.Int = &v
	case int32:
		n := int64(v)
		a.Int = &n
	case uint:
		n := int64(v)
		a.Int = &n
	case float64:
		a.Float = &v
	default:
		s := fmt.Sprint(v)
		a.Text = &s
	}
	return a
}

// Message is the message s keeps, to be said in any language.
func (s Saved) Message() Message {
	m := Message{ID: s.ID, Count: s.Count}
	for _, a := range s.Args {
		m.Args = append(m.Args, a.Name, a.value())
	}
	return m
}

func (a SavedArg) value() any {
	switch {
	case a.Msg != nil:
		return a.Msg.Message()
	case a.Msgs != nil:
		ms := make(Messages, len(a.Msgs))
		for i, s := range a.Msgs {
			ms[i] = s.Message()
		}
		return ms
	case a.Amount != nil:
		return *a.Amount
	case a.Number != nil:
		return Number(*a.Number)
	case a.List != nil:
		return a.List
	case a.Duration != nil:
		return *a.Duration
	case a.Time != nil:
		_, offset := a.Time.Zone()
		return DateTime{Time: *a.Time, Loc: time.FixedZone(a.Zone, offset)}
	case a.Int != nil:
		return *a.Int
	case a.Float != nil:
		return *a.Float
	case a.Bool != nil:
		return *a.Bool
	case a.Text != nil:
		return *a.Text
	}
	return ""
}

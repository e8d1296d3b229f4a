package browse

import "github.com/charmbracelet/bubbles/key"

// keyMap is every key of the view; the help (?) lists them in this order,
// each with its catalog text (browse.key.<name>).
type keyMap struct {
	Up, Down, PageUp, PageDown, Home, End key.Binding
	Filter, Sort, Mark, MarkAll           key.Binding
	Enable, Disable, Delete               key.Binding
	Open, Reload, Help, Quit              key.Binding
}

func newKeyMap() keyMap {
	b := func(name string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(keys[0], name))
	}
	return keyMap{
		Up:       b("up", "up", "k"),
		Down:     b("down", "down", "j"),
		PageUp:   b("pgup", "pgup", "ctrl+b"),
		PageDown: b("pgdown", "pgdown", "ctrl+f"),
		Home:     b("home", "home", "g"),
		End:      b("end", "end", "G"),
		Filter:   b("filter", "/"),
		Sort:     b("sort", "s"),
		Mark:     b("mark", " "),
		MarkAll:  b("markall", "*"),
		Enable:   b("enable", "e"),
		Disable:  b("disable", "d"),
		Delete:   b("delete", "x"),
		Open:     b("open", "enter"),
		Reload:   b("reload", "r"),
		Help:     b("help", "?"),
		Quit:     b("quit", "q", "ctrl+c"),
	}
}

// all is the bindings in the order the help lists them.
func (k keyMap) all() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.PageUp, k.PageDown, k.Home, k.End, k.Filter, k.Sort,
		k.Mark, k.MarkAll, k.Enable, k.Disable, k.Delete, k.Open, k.Reload, k.Help, k.Quit}
}

// helpKeys is how the help writes a binding's keys.
func helpKeys(b key.Binding) string {
	out := ""
	for i, k := range b.Keys() {
		if i > 0 {
			out += ", "
		}
		switch k {
		case " ":
			k = "space"
		case "up":
			k = "↑"
		case "down":
			k = "↓"
		}
		out += k
	}
	return out
}

package config

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"runtime"
	"strconv"

	"go.yaml.in/yaml/v3"

	"github.com/promoctl/promoctl/internal/i18n"
)

// Doc is the config file read for use and for editing. It keeps the YAML
// tree as well as the decoded File, so that an edit changes only the values
// it names and keeps the user's comments, key order and any keys promoctl
// does not know.
type Doc struct {
	Path string
	File *File
	// Warnings are problems worth telling the user that do not stop a
	// command, such as a file other users can read.
	Warnings []i18n.Message

	root *yaml.Node // the document node; nil for a missing or empty file
}

// LoadDoc reads the config file at path once. A missing file is an empty
// config; a file that is not a valid config is a *FileError naming the file
// and the line.
func LoadDoc(path string) (*Doc, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return &Doc{Path: path, File: &File{}}, nil
	}
	if err != nil {
		return nil, i18n.NewError(0, "config.file.read", "Path", path, "Err", err)
	}
	d, err := ParseDoc(path, data)
	if err != nil {
		return nil, err
	}
	if w, ok := permWarning(path, d.File); ok {
		d.Warnings = append(d.Warnings, w)
	}
	return d, nil
}

// permWarning explains a config file that others may read, saying that
// it holds an API key only when it does. It says nothing of what is not a
// regular file (--config /dev/null, a pipe): chmod is no advice for those.
func permWarning(path string, f *File) (i18n.Message, bool) {
	if runtime.GOOS == "windows" {
		return i18n.Message{}, false
	}
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm()&0o077 == 0 {
		return i18n.Message{}, false
	}
	id := "config.file.readable"
	for _, p := range f.Profiles {
		if p != nil && p.Token != "" {
			id = "config.file.readable_key"
			break
		}
	}
	return i18n.M(id, "Path", path, "Mode", fmt.Sprintf("%04o", fi.Mode().Perm())), true
}

// ParseDoc reads a config file's contents; path is only for messages.
func ParseDoc(path string, data []byte) (*Doc, error) {
	d := &Doc{Path: path, File: &File{}}
	if len(bytes.TrimSpace(data)) == 0 {
		return d, nil
	}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, &FileError{Path: path, Err: err}
	}
	if root.Kind == 0 { // only comments
		return d, nil
	}
	if err := checkShape(&root); err != nil {
		return nil, &FileError{Path: path, Err: err}
	}
	if err := root.Decode(d.File); err != nil {
		return nil, &FileError{Path: path, Err: err}
	}
	d.root = &root
	return d, nil
}

// checkShape checks that the document is the contract's shape, so that a
// mistake is reported with its line in the user's terms rather than as a
// Go type error.
func checkShape(root *yaml.Node) error {
	top := root.Content[0]
	if top.Kind != yaml.MappingNode {
		return i18n.NewError(0, "config.shape.top", "Line", top.Line, "Found", kindName(top))
	}
	for i := 0; i+1 < len(top.Content); i += 2 {
		k, v := top.Content[i], top.Content[i+1]
		switch k.Value {
		case "current_profile":
			if v.Kind != yaml.ScalarNode {
				return i18n.NewError(0, "config.shape.current", "Line", v.Line, "Found", kindName(v))
			}
		case "profiles":
			if isNull(v) {
				continue
			}
			if v.Kind != yaml.MappingNode {
				return i18n.NewError(0, "config.shape.profiles", "Line", v.Line, "Found", kindName(v))
			}
			for j := 0; j+1 < len(v.Content); j += 2 {
				name, p := v.Content[j], v.Content[j+1]
				if isNull(p) {
					continue
				}
				if p.Kind != yaml.MappingNode {
					return i18n.NewError(0, "config.shape.profile", "Line", p.Line, "Profile", name.Value, "Found", kindName(p))
				}
				for l := 0; l+1 < len(p.Content); l += 2 {
					if s := p.Content[l+1]; s.Kind != yaml.ScalarNode {
						return i18n.NewError(0, "config.shape.setting", "Line", s.Line, "Key", p.Content[l].Value, "Profile", name.Value, "Found", kindName(s))
					}
				}
			}
		}
	}
	return nil
}

func isNull(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null"
}

// kindName says what a node is, in the user's terms: a mapping, a list,
// the value "yes".
func kindName(n *yaml.Node) i18n.Message {
	switch n.Kind {
	case yaml.MappingNode:
		return i18n.M("config.kind.mapping")
	case yaml.SequenceNode:
		return i18n.M("config.kind.list")
	case yaml.AliasNode:
		return i18n.M("config.kind.alias")
	}
	return i18n.M("config.kind.value", "Value", n.Value)
}

// Profile returns the named profile, or nil.
func (d *Doc) Profile(name string) *Profile {
	return d.File.Profiles[name]
}

// HasProfile reports whether the file names the profile.
func (d *Doc) HasProfile(name string) bool {
	_, ok := d.File.Profiles[name]
	return ok
}

// Set sets key of profile to value, creating the profile when needed. The
// caller checks the value first (CheckValue); ids are written as numbers,
// everything else as strings.
func (d *Doc) Set(profile, key, value string) error {
	if !IsKey(key) {
		return unknownSetting(key)
	}
	p := d.profileNode(profile, true)
	v := lookup(p, key)
	if v == nil {
		p.Content = append(p.Content, scalar(key), scalar(value))
		v = p.Content[len(p.Content)-1]
	}
	// The node is changed in place, so that its comment stays; a quoted
	// string stays quoted.
	v.Kind, v.Value, v.Content, v.Alias = yaml.ScalarNode, value, nil, nil
	v.Tag = "!!str"
	if key == KeyUserID || key == KeySiteID {
		if _, err := strconv.ParseInt(value, 10, 64); err == nil {
			v.Tag, v.Style = "!!int", 0
		}
	}
	return d.sync()
}

// AddProfile creates profile, empty, unless the file has it.
func (d *Doc) AddProfile(profile string) error {
	d.profileNode(profile, true)
	return d.sync()
}

// Unset removes key from profile; it reports whether the key was there.
func (d *Doc) Unset(profile, key string) (bool, error) {
	p := d.profileNode(profile, false)
	if p == nil {
		return false, nil
	}
	for i := 0; i+1 < len(p.Content); i += 2 {
		if p.Content[i].Value == key {
			p.Content = append(p.Content[:i], p.Content[i+2:]...)
			return true, d.sync()
		}
	}
	return false, nil
}

// SetCurrent makes profile the current one.
func (d *Doc) SetCurrent(profile string) error {
	top := d.top()
	if v := lookup(top, "current_profile"); v != nil {
		v.Kind, v.Tag, v.Style, v.Value = yaml.ScalarNode, "!!str", 0, profile
	} else {
		top.Content = append([]*yaml.Node{scalar("current_profile"), scalar(profile)}, top.Content...)
	}
	return d.sync()
}

// top returns the top-level mapping, creating the document when the file
// was missing or empty.
func (d *Doc) top() *yaml.Node {
	if d.root == nil {
		d.root = &yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{{Kind: yaml.MappingNode, Tag: "!!map"}}}
	}
	return d.root.Content[0]
}

// profileNode returns the mapping of a profile, creating it (and profiles:)
// when create is set.
func (d *Doc) profileNode(name string, create bool) *yaml.Node {
	if d.root == nil && !create {
		return nil
	}
	top := d.top()
	profiles := lookup(top, "profiles")
	if profiles == nil {
		if !create {
			return nil
		}
		top.Content = append(top.Content, scalar("profiles"), &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"})
		profiles = top.Content[len(top.Content)-1]
	}
	if isNull(profiles) {
		if !create {
			return nil
		}
		toMapping(profiles)
	}
	p := lookup(profiles, name)
	if p == nil {
		if !create {
			return nil
		}
		profiles.Content = append(profiles.Content, scalar(name), &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"})
		p = profiles.Content[len(profiles.Content)-1]
	}
	if isNull(p) {
		if !create {
			return nil
		}
		toMapping(p)
	}
	return p
}

func toMapping(n *yaml.Node) {
	n.Kind, n.Tag, n.Value, n.Style, n.Content = yaml.MappingNode, "!!map", "", 0, nil
}

// lookup returns the value of key in mapping m, or nil.
func lookup(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

func scalar(s string) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s}
}

// sync decodes File again from the edited tree.
func (d *Doc) sync() error {
	f := &File{}
	if d.root != nil {
		if err := d.root.Decode(f); err != nil {
			return i18n.NewError(0, "config.file.decode", "Path", d.Path, "Err", err)
		}
	}
	d.File = f
	return nil
}

// Bytes is the file's new contents.
func (d *Doc) Bytes() ([]byte, error) {
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	root := d.root
	if root == nil {
		root = &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	}
	if err := enc.Encode(root); err != nil {
		return nil, i18n.NewError(0, "config.file.encode", "Err", err)
	}
	if err := enc.Close(); err != nil {
		return nil, i18n.NewError(0, "config.file.encode", "Err", err)
	}
	return b.Bytes(), nil
}

// Save writes the file atomically with mode 0600 in a 0700 folder. It
// returns warnings worth telling the user, such as a folder others can
// read.
func (d *Doc) Save() ([]i18n.Message, error) {
	data, err := d.Bytes()
	if err != nil {
		return nil, err
	}
	return WriteFile(d.Path, data)
}

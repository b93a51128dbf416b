package formula

import (
	"fmt"
	"unicode/utf8"
)

// tokKind is the kind of a token.
type tokKind int

const (
	tEOF tokKind = iota
	tNum
	tIdent
	tOp // + - * / ^ < <= == != >= > , ( ) [ ]
)

// token is one lexeme, with its 1-based column (in characters) and the
// column just after it.
type token struct {
	kind tokKind
	text string
	col  int
	end  int
}

// describe names a token for error messages.
func (t token) describe() string {
	switch t.kind {
	case tEOF:
		return "end of expression"
	case tNum:
		return "number " + t.text
	case tIdent:
		if keywords[t.text] {
			return fmt.Sprintf("%q", t.text)
		}
		return fmt.Sprintf("name %q", t.text)
	}
	return fmt.Sprintf("%q", t.text)
}

// keywords are the reserved words of the language.
var keywords = map[string]bool{"and": true, "or": true, "not": true, "mod": true}

func isLetter(r rune) bool { return r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }
func isDigit(r rune) bool  { return r >= '0' && r <= '9' }

// exponentLen is the length of the exponent of scientific notation at the
// start of s ("e3", "E-2", "e+10": e or E, a sign or none, digits), 0
// when there is none.
func exponentLen(s string) int {
	if len(s) < 2 || s[0] != 'e' && s[0] != 'E' {
		return 0
	}
	k := 1
	if s[k] == '+' || s[k] == '-' {
		k++
	}
	d := k
	for k < len(s) && isDigit(rune(s[k])) {
		k++
	}
	if k == d {
		return 0
	}
	return k
}

// lex splits src into tokens, ending with a tEOF token.
func lex(src string) ([]token, error) {
	var toks []token
	col := 1
	for i := 0; i < len(src); {
		r, w := utf8.DecodeRuneInString(src[i:])
		start, startCol := i, col
		// next consumes one character.
		next := func() {
			_, w := utf8.DecodeRuneInString(src[i:])
			i += w
			col++
		}
		switch {
		case r == ' ' || r == '\t' || r == '\n' || r == '\r':
			next()
			continue
		case isDigit(r):
			for i < len(src) && isDigit(rune(src[i])) {
				next()
			}
			if i < len(src) && src[i] == '.' {
				next()
				if i >= len(src) || !isDigit(rune(src[i])) {
					return nil, errAt(col, "a decimal point must be followed by a digit")
				}
				for i < len(src) && isDigit(rune(src[i])) {
					next()
				}
			}
			// Scientific notation: 1e3, 2.5E-2 (an exponent, not the name
			// e3 after an implicit multiplication).
			if k := exponentLen(src[i:]); k > 0 {
				for range k {
					next()
				}
			}
			toks = append(toks, token{tNum, src[start:i], startCol, col})
			continue
		case isLetter(r):
			for i < len(src) && (isLetter(rune(src[i])) || isDigit(rune(src[i]))) {
				next()
			}
			toks = append(toks, token{tIdent, src[start:i], startCol, col})
			continue
		}
		if r == utf8.RuneError && w == 1 {
			return nil, errAt(col, "the expression is not valid UTF-8")
		}
		two := ""
		if i+1 < len(src) {
			two = src[i : i+2]
		}
		switch two {
		case "<=", ">=", "==", "!=":
			next()
			next()
			toks = append(toks, token{tOp, two, startCol, col})
			continue
		case "&&":
			return nil, errAt(col, `unexpected "&&": write and`)
		case "||":
			return nil, errAt(col, `unexpected "||": write or`)
		case "**":
			return nil, errAt(col, `unexpected "**": write ^ for a power`)
		}
		switch r {
		case '+', '-', '*', '/', '^', '<', '>', '(', ')', '[', ']', ',':
			next()
			toks = append(toks, token{tOp, string(r), startCol, col})
			continue
		case '=':
			return nil, errAt(col, `unexpected "=": write == to compare`)
		case '!':
			return nil, errAt(col, `unexpected "!": write not, or != to compare`)
		case '%':
			return nil, errAt(col, `unexpected "%": write mod`)
		}
		return nil, errAt(col, fmt.Sprintf("unexpected character %q", r))
	}
	toks = append(toks, token{tEOF, "", col, col})
	return toks, nil
}

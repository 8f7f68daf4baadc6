enum CharClass {
  Other = 0,
  Letter = 1,
  Digit = 2,
  Underscore = 3,
}

function classify(code: number): CharClass {
  if ((code >= 97 && code <= 122) || (code >= 65 && code <= 90)) return CharClass.Letter
  if (code >= 48 && code <= 57) return CharClass.Digit
  return code === 95 ? CharClass.Underscore : CharClass.Other
}

// UAX #29 mid-word punctuation in ASCII: between letters `:` `.` `'`; between digits `,` `;` `.` `'`.
const isMidLetter = (code: number) => code === 58 || code === 46 || code === 39
const isMidNumber = (code: number) => code === 44 || code === 59 || code === 46 || code === 39

/**
 * Unicode word segmentation (UAX #29, as `Intl.Segmenter` does it) restricted to ASCII text,
 * about ten times faster than the segmenter. Calls `onWord(start, end)` for every word-like
 * segment and `onOther(start, end)` for every other non-space character. A property test checks
 * it against `Intl.Segmenter` on random ASCII strings.
 */
export function forEachAsciiWord(
  text: string,
  onWord: (start: number, end: number) => void,
  onOther: (start: number, end: number) => void,
): void {
  const length = text.length
  let i = 0
  while (i < length) {
    const first = classify(text.charCodeAt(i))
    if (first === CharClass.Other) {
      const code = text.charCodeAt(i)
      // Space, tab, newline, vertical tab, form feed, carriage return.
      if (code !== 32 && !(code >= 9 && code <= 13)) onOther(i, i + 1)
      i++
      continue
    }
    const start = i
    let previous = first
    i++
    while (i < length) {
      const code = text.charCodeAt(i)
      const current = classify(code)
      if (current !== CharClass.Other) {
        previous = current
        i++
        continue
      }
      const next = i + 1 < length ? classify(text.charCodeAt(i + 1)) : CharClass.Other
      const joinsLetters = previous === CharClass.Letter && next === CharClass.Letter && isMidLetter(code)
      const joinsDigits = previous === CharClass.Digit && next === CharClass.Digit && isMidNumber(code)
      if (!joinsLetters && !joinsDigits) break
      previous = next
      i += 2
    }
    // ICU quirk: a lone underscore is a segment but not a word.
    if (i - start === 1 && first === CharClass.Underscore) onOther(start, i)
    else onWord(start, i)
  }
}

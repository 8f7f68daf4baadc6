/** The alias under which a statement joins a memory's access row (`joinAccessRow`); no filter's SQL uses it. */
export const ACCESS_ROW = 'accessed'

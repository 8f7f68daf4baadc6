/**
 * The metadata field that holds an item's LangGraph key beside its value's fields. A value may not
 * use it; every other field of the value is the memory's metadata as is, so `filter` on a value
 * field is a metadata filter in the store.
 */
export const ITEM_KEY_FIELD = '__langgraph_key'

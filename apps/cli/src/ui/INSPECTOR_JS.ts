/**
 * The inspector's only script: forms marked `data-api` call the JSON API with the page's token and
 * then go where `data-then` says, or report in the status region. Without it the pages still read.
 */
export const INSPECTOR_JS = `
const token = document.documentElement.dataset.token
const status = document.getElementById('status')
// A result that reloaded the page is reported after the reload.
const carried = sessionStorage.getItem('inspector-status')
if (carried !== null) {
  sessionStorage.removeItem('inspector-status')
  status.textContent = carried
}
for (const form of document.querySelectorAll('form[data-api]')) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    const button = form.querySelector('button[type=submit]')
    if (button) button.disabled = true
    status.textContent = form.dataset.busy || 'Working…'
    const body = {}
    for (const [key, value] of new FormData(form)) if (value !== '') body[key] = value
    try {
      const response = await fetch(form.dataset.api, {
        method: form.dataset.method || 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token },
        body: (form.dataset.method || 'POST') === 'DELETE' ? undefined : JSON.stringify(body),
      })
      const answer = await response.json().catch(() => ({}))
      if (!response.ok) throw new Error(answer.error || response.statusText)
      if (form.dataset.then) {
        const target = new URL(form.dataset.then, location.href)
        if (answer.id) target.searchParams.set('id', answer.id)
        location.assign(target)
        return
      }
      const message = answer.message || 'Done.'
      if (form.dataset.reload !== undefined) {
        sessionStorage.setItem('inspector-status', message)
        location.reload()
        return
      }
      status.textContent = message
    } catch (error) {
      status.textContent = 'Failed: ' + error.message
    } finally {
      if (button) button.disabled = false
    }
  })
}
`

/**
 * The nearby page's "use my location": asks the browser for the position (the browser asks the
 * visitor) and, with it, opens the nearby answer for that point on this site. The position goes
 * nowhere else and is kept nowhere: it is only in the address of the page asked for.
 */
export function enhanceNearbyForm(form: HTMLFormElement): void {
  if (!('geolocation' in navigator)) return;
  const box = document.createElement('p');
  box.className = 'nearby-location';
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Use my location';
  const note = document.createElement('span');
  note.className = 'hint';
  note.setAttribute('role', 'status');
  note.textContent = ' Your browser asks first; the position is sent only to this site, to answer, and is not stored.';
  box.appendChild(button);
  box.appendChild(note);
  form.insertBefore(box, form.firstChild);
  button.addEventListener('click', () => {
    note.textContent = ' Asking your browser for your position…';
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const query = new URLSearchParams();
        query.set('lat', coords.latitude.toFixed(5));
        query.set('lon', coords.longitude.toFixed(5));
        for (const name of ['radius', 'on', 'from', 'to']) {
          const value = (form.elements.namedItem(name) as HTMLInputElement | null)?.value;
          if (value) query.set(name, value);
        }
        if ((form.elements.namedItem('affected') as HTMLInputElement | null)?.checked) query.set('affected', 'true');
        window.location.assign(`/nearby?${query.toString()}`);
      },
      (error) => {
        note.textContent = ` Your position is not available (${error.message || 'refused'}): name a landmark or place instead.`;
      },
      { maximumAge: 600_000, timeout: 15_000 },
    );
  });
}

/* Downloads for Save and load (py/ui/dialogs/transfer.py), fetched on first use
   (py/ui/platform/scripts.py): no first turn saves a file.  A Blob URL made here, so no
   user text ever becomes markup or a data: URL, and nothing can throw into
   Python (a synchronous JS throw is not catchable there).
   download(name, text) is true when the download was started. */
window.dicePokerFiles = {
  download: function (name, text) {
    "use strict";
    try {
      var url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
      var link = document.createElement("a");
      link.href = url;
      link.download = name;
      link.hidden = true;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
      return true;
    } catch (e) { return false; }
  }
};

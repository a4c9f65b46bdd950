print("howalarming-push")
